import { describe, expect, it } from 'vitest';
import { ANTD_PURE_PACKAGES, formProviderAlone, noUniqueTooltips } from './antd-narrowing.ts';

const nm = '/app/node_modules';
type Resolve = (source: string, importer?: string) => unknown;

/** The plugin's resolveId, with a `this.resolve` that says what it was asked. */
function resolver(plugin: ReturnType<typeof formProviderAlone>): Resolve {
  const hook = plugin.resolveId as unknown as (this: unknown, source: string, importer?: string) => unknown;
  const context = { resolve: async (source: string) => ({ id: `resolved:${source}` }) };
  return (source, importer) => hook.call(context, source, importer);
}

describe('formProviderAlone', () => {
  const resolve = resolver(formProviderAlone());

  it("points antd's form context at the module that defines FormProvider", async () => {
    expect(await resolve('@rc-component/form', `${nm}/antd/es/form/context.js`)).toEqual({
      id: 'resolved:@rc-component/form/es/FormContext.js',
    });
  });

  it('leaves every other import of rc-form alone, antd’s Form among them', async () => {
    expect(await resolve('@rc-component/form', `${nm}/antd/es/form/Form.js`)).toBeNull();
    expect(await resolve('@rc-component/form', '/app/src/x.tsx')).toBeNull();
    expect(await resolve('./FormContext', `${nm}/antd/es/form/context.js`)).toBeNull();
  });
});

describe('noUniqueTooltips', () => {
  const plugin = noUniqueTooltips();
  const resolve = resolver(plugin);
  const load = plugin.load as unknown as (id: string) => string | null;

  it("replaces the unique-tooltip provider that antd's ConfigProvider imports, with one that says it is left out", async () => {
    const id = (await resolve(
      '../tooltip/UniqueProvider',
      `${nm}/antd/es/config-provider/index.js`,
    )) as string;
    expect(id).toMatch(/^\0/);
    expect(load(id)).toContain("tooltip.unique is left out of the console's build");
  });

  it('leaves the tooltip itself and every other importer alone', async () => {
    expect(await resolve('../tooltip/UniqueProvider', `${nm}/antd/es/tooltip/index.js`)).toBeNull();
    expect(await resolve('./UniqueProvider', `${nm}/antd/es/tooltip/index.js`)).toBeNull();
    expect(load('/app/src/x.tsx')).toBeNull();
  });
});

describe('ANTD_PURE_PACKAGES', () => {
  it("names antd's packages that do not declare themselves free of side effects, but the date picker's adapter", () => {
    expect(ANTD_PURE_PACKAGES.test(`${nm}/@rc-component/form/es/index.js`)).toBe(true);
    expect(ANTD_PURE_PACKAGES.test(`${nm}/@ant-design/cssinjs/es/index.js`)).toBe(true);
    expect(ANTD_PURE_PACKAGES.test(`${nm}/@rc-component/picker/es/generate/dayjs.js`)).toBe(false);
    expect(ANTD_PURE_PACKAGES.test(`${nm}/dayjs/dayjs.min.js`)).toBe(false);
    expect(ANTD_PURE_PACKAGES.test('/app/src/components/x.ts')).toBe(false);
  });
});
