import type { ImportPreview, TransferKind } from '@gatehouse/contract';

/**
 * The logic of the configuration transfer dialog, apart from its drawing: reading the chosen
 * file, and the preview as the rows the dialog lists.
 */

/** The document in a chosen file, or why it is not one this screen imports. */
export type ReadDocument = { ok: true; document: unknown } | { ok: false; reason: 'notJson' | 'notDocument' };

/** Parses a file's text: JSON whose `format` is one of `formats`. The server checks the rest. */
export function readDocument(text: string, formats: readonly string[]): ReadDocument {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'notJson' };
  }
  const format = (parsed as { format?: unknown } | null)?.format;
  if (typeof format !== 'string' || !formats.includes(format)) return { ok: false, reason: 'notDocument' };
  return { ok: true, document: parsed };
}

export type PreviewRow = {
  key: string;
  kind: TransferKind;
  applicationId?: string;
  create: string[];
  update: string[];
  delete: string[];
};

/** The kinds the import changes, in the preview's order; a kind it leaves alone is not listed. */
export function previewRows(preview: ImportPreview): PreviewRow[] {
  return preview.changes
    .filter((c) => c.create.length + c.update.length + c.delete.length > 0)
    .map((c) => ({
      key: `${c.applicationId ?? ''}/${c.kind}`,
      kind: c.kind,
      ...(c.applicationId === undefined ? {} : { applicationId: c.applicationId }),
      create: c.create,
      update: c.update,
      delete: c.delete,
    }));
}

/** Up to `limit` ids, and how many more there are. */
export function firstIds(ids: readonly string[], limit = 5): { shown: string[]; more: number } {
  return { shown: ids.slice(0, limit), more: Math.max(0, ids.length - limit) };
}

/** The counts of a preview: what the confirmation sums up. */
export function totals(preview: ImportPreview): { create: number; update: number; delete: number } {
  const sum = (pick: (c: ImportPreview['changes'][number]) => string[]) =>
    preview.changes.reduce((n, c) => n + pick(c).length, 0);
  return { create: sum((c) => c.create), update: sum((c) => c.update), delete: sum((c) => c.delete) };
}

/** A file name for an export: the document's subject and the day, `orders-2026-11-27.json`. */
export function exportFileName(subject: string, now = new Date()): string {
  const safe = subject.replace(/[^A-Za-z0-9._-]+/g, '-');
  return `${safe}-${now.toISOString().slice(0, 10)}.json`;
}
