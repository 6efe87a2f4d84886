import { describe, expect, it } from 'vitest';
// @ts-expect-error: the lint script is plain JavaScript, without declarations
import { findJsxLiterals } from '../../../scripts/check-jsx-literals.mjs';

const find = (source: string) => findJsxLiterals(source, 'fixture.tsx') as { line: number; text: string }[];

describe('check-jsx-literals', () => {
  it('finds literal text and literal user-facing attributes', () => {
    const found = find(`export const A = () => (
  <div>
    <Button title="Delete it">Save</Button>
    <Input placeholder={busy ? 'Loading…' : t('x')} />
  </div>
);`);
    expect(found).toEqual([
      { line: 3, text: 'Delete it' },
      { line: 3, text: 'Save' },
      { line: 4, text: 'Loading…' },
    ]);
  });

  it('passes texts from keys, text without letters, example addresses and a list screen’s route title', () => {
    const found = find(`export const B = () => (
  <>
    <Button title={t('delete')}>{t('save')}</Button>
    <Result title="403" subTitle={say(MESSAGES.noPermission)} />
    <Input placeholder="https://example.com/callback" className="wide" />
    <AppListScreen title="App Client" />
    <span> -- </span>
  </>
);`);
    expect(found).toEqual([]);
  });
});
