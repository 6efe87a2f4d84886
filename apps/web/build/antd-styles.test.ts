import { describe, expect, it } from 'vitest';
import { antdStaticStyles } from './antd-styles.ts';

describe('antdStaticStyles', () => {
  const css = antdStaticStyles();
  const cachePaths = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}/.exec(css)?.[1] ?? '';

  it("lists each component style's cache path, so the browser does not make it again", () => {
    const components = cachePaths.split(';').map((entry) => entry.split('|')[1]);
    expect(components).toEqual(
      expect.arrayContaining(['Button-Button', 'Select-Select', 'Form-Form', 'Menu-Menu']),
    );
  });

  it('leaves out the components the console draws with its own kit: Alert, Pagination, App, Layout', () => {
    const components = cachePaths.split(';').map((entry) => entry.split('|')[1]);
    for (const gone of ['Alert-Alert', 'Pagination-Pagination', 'App-App', 'Layout-Layout'])
      expect(components).not.toContain(gone);
  });

  it("leaves out the theme's variables, whose class the browser names differently", () => {
    expect(css).not.toMatch(/\.css-var-[^{]*\{--ant-/);
  });
});
