import { describe, expect, it } from 'vitest';
import { compareFields, fieldsOf, REDACTED, valueText } from './diff';
import { auditTime } from './format';

describe('fieldsOf', () => {
  it('opens objects by dotted path and keeps lists and values whole', () => {
    const fields = fieldsOf({ name: 'Ops', settings: { lock: 60, tags: ['a', 'b'] }, note: null });
    expect([...fields]).toEqual([
      ['name', 'Ops'],
      ['settings.lock', 60],
      ['settings.tags', ['a', 'b']],
      ['note', null],
    ]);
  });

  it('has no fields for a record that did not exist', () => {
    expect(fieldsOf(null).size).toBe(0);
    expect(fieldsOf(undefined).size).toBe(0);
  });
});

describe('compareFields', () => {
  it('shows every field side by side and marks those the diff names', () => {
    const rows = compareFields({
      before: { name: 'Ops', code: 'ops', status: 'ENABLED' },
      after: { name: 'Operations', code: 'ops', status: 'ENABLED', description: 'Runs things' },
      diff: [
        { path: 'description', before: null, after: 'Runs things' },
        { path: 'name', before: 'Ops', after: 'Operations' },
      ],
    });
    expect(rows).toEqual([
      { path: 'code', before: 'ops', after: 'ops', change: 'same' },
      { path: 'description', before: null, after: 'Runs things', change: 'added' },
      { path: 'name', before: 'Ops', after: 'Operations', change: 'changed' },
      { path: 'status', before: 'ENABLED', after: 'ENABLED', change: 'same' },
    ]);
  });

  it('keeps to the changes when asked', () => {
    const record = {
      before: { name: 'a', code: 'x' },
      after: { name: 'b', code: 'x' },
      diff: [{ path: 'name', before: 'a', after: 'b' }],
    };
    expect(compareFields(record, { onlyChanges: true })).toEqual([
      { path: 'name', before: 'a', after: 'b', change: 'changed' },
    ]);
  });

  it('marks a deletion removed, field by field', () => {
    const rows = compareFields({
      before: { name: 'Ops', grants: [{ permissionId: 'p1' }] },
      after: null,
      diff: [
        { path: 'grants', before: [{ permissionId: 'p1' }], after: null },
        { path: 'name', before: 'Ops', after: null },
      ],
    });
    expect(rows.map((r) => [r.path, r.change])).toEqual([
      ['grants', 'removed'],
      ['name', 'removed'],
    ]);
  });

  it('shows a field the diff names whole as one row, not its parts beside it', () => {
    // A creation: the server names each top-level field whole, objects included.
    const rows = compareFields({
      before: null,
      after: { name: 'Ops', settings: { lock: 60 } },
      diff: [
        { path: 'name', before: null, after: 'Ops' },
        { path: 'settings', before: null, after: { lock: 60 } },
      ],
    });
    expect(rows).toEqual([
      { path: 'name', before: null, after: 'Ops', change: 'added' },
      { path: 'settings', before: null, after: { lock: 60 }, change: 'added' },
    ]);
  });

  it('keeps a redacted secret as the server stored it, on both sides', () => {
    const rows = compareFields({
      before: { secret: REDACTED, name: 'a' },
      after: { secret: REDACTED, name: 'b' },
      diff: [{ path: 'name', before: 'a', after: 'b' }],
    });
    expect(rows.find((r) => r.path === 'secret')).toEqual({
      path: 'secret',
      before: REDACTED,
      after: REDACTED,
      change: 'same',
    });
  });
});

describe('valueText', () => {
  it('writes no value as --, and values as they are', () => {
    expect(valueText(null)).toMatchObject({ text: '--', empty: true });
    expect(valueText('Ops')).toMatchObject({ text: 'Ops', empty: false, redacted: false });
    expect(valueText(0)).toMatchObject({ text: '0', empty: false });
    expect(valueText(false)).toMatchObject({ text: 'false', empty: false });
  });

  it('marks a redacted secret, whose text stays [redacted]', () => {
    expect(valueText(REDACTED)).toEqual({ text: '[redacted]', empty: false, redacted: true, block: false });
  });

  it('writes lists and objects as indented JSON, a redacted secret in them as stored', () => {
    const shown = valueText({ secret: REDACTED, scopes: ['openid'] });
    expect(shown.block).toBe(true);
    expect(JSON.parse(shown.text)).toEqual({ secret: '[redacted]', scopes: ['openid'] });
  });
});

describe('auditTime', () => {
  it("writes the record's time in local time to the second", () => {
    const at = new Date(2026, 0, 31, 8, 5, 9).toISOString();
    expect(auditTime(at)).toBe('2026/01/31 08:05:09');
  });
});
