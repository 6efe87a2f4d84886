import type { ImportPreview } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { exportFileName, firstIds, previewRows, readDocument, totals } from './transfer-preview';

const preview: ImportPreview = {
  format: 'gatehouse.application',
  changes: [
    { kind: 'application', applicationId: 'orders', create: [], update: [], delete: [] },
    { kind: 'dataAccess', applicationId: 'orders', create: ['a', 'b'], update: ['c'], delete: [] },
    { kind: 'role', applicationId: 'orders', create: [], update: [], delete: ['clerk'] },
  ],
  conflicts: [],
  warnings: [],
  applicable: true,
  applied: false,
};

describe('the configuration transfer dialog', () => {
  it('reads a document of the formats asked for, and says why another file is not one', () => {
    expect(readDocument('{"format":"gatehouse.application","version":1}', ['gatehouse.application'])).toEqual(
      {
        ok: true,
        document: { format: 'gatehouse.application', version: 1 },
      },
    );
    expect(readDocument('not json', ['gatehouse.application'])).toEqual({ ok: false, reason: 'notJson' });
    expect(readDocument('{"format":"gatehouse.instance"}', ['gatehouse.application'])).toEqual({
      ok: false,
      reason: 'notDocument',
    });
    expect(readDocument('null', ['gatehouse.application'])).toEqual({ ok: false, reason: 'notDocument' });
  });

  it('lists only the kinds that change, and sums them', () => {
    expect(previewRows(preview).map((r) => r.kind)).toEqual(['dataAccess', 'role']);
    expect(totals(preview)).toEqual({ create: 2, update: 1, delete: 1 });
  });

  it('shows the first ids and counts the rest', () => {
    expect(firstIds(['a', 'b', 'c'], 2)).toEqual({ shown: ['a', 'b'], more: 1 });
    expect(firstIds(['a'], 2)).toEqual({ shown: ['a'], more: 0 });
  });

  it('names an export file by its subject and day', () => {
    expect(exportFileName('orders', new Date('2026-11-27T10:00:00Z'))).toBe('orders-2026-11-27.json');
    expect(exportFileName('a/b c', new Date('2026-11-27T10:00:00Z'))).toBe('a-b-c-2026-11-27.json');
  });
});
