import type { AuditExportFormat, AuditFilter } from '@gatehouse/contract';
import { requestStream } from '@/lib/http-stream';

/** What an export has received so far. */
export type ExportProgress = { bytes: number; rows: number };

/**
 * Counts the records of an export as its bytes arrive. JSON Lines is a record a line; CSV is a
 * header line, then a record a line, where a line break inside a quoted cell is not a line's
 * end (the server writes `before` and `after` as JSON, whose breaks are escaped, but a cell may
 * still hold one).
 */
export class ExportCounter {
  private readonly decoder = new TextDecoder();
  private inQuotes = false;
  private lines = 0;
  private bytes = 0;

  constructor(private readonly format: AuditExportFormat) {}

  add(chunk: Uint8Array): ExportProgress {
    this.bytes += chunk.byteLength;
    const text = this.decoder.decode(chunk, { stream: true });
    if (this.format === 'jsonl') {
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.lines++;
    } else {
      for (const char of text) {
        if (char === '"') this.inQuotes = !this.inQuotes;
        else if (char === '\n' && !this.inQuotes) this.lines++;
      }
    }
    return this.progress;
  }

  get progress(): ExportProgress {
    // The CSV's first line is its header.
    const rows = this.format === 'csv' ? Math.max(0, this.lines - 1) : this.lines;
    return { bytes: this.bytes, rows };
  }
}

const TYPES: Record<AuditExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  jsonl: 'application/x-ndjson;charset=utf-8',
};

/** The file name the server gives (`attachment; filename="audit-2026-01-31.csv"`), else one like it. */
export function exportFileName(
  disposition: string | null,
  format: AuditExportFormat,
  now = new Date(),
): string {
  const named = disposition && /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return named || `audit-${now.toISOString().slice(0, 10)}.${format}`;
}

export type ExportedFile = { blob: Blob; fileName: string; progress: ExportProgress };

/**
 * GET /admin-service/v2/audit/export: every record the filter matches, newest first, read as
 * it arrives so `onProgress` can tell the bytes and records received, and kept as the file's
 * bytes as sent (the CSV's byte-order mark included). Aborting `signal` cancels it.
 */
export async function exportAudit(
  filter: AuditFilter,
  format: AuditExportFormat,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: (progress: ExportProgress) => void } = {},
): Promise<ExportedFile> {
  const response = await requestStream('/admin-service/v2/audit/export', {
    params: { ...filter, format },
    signal,
  });
  const counter = new ExportCounter(format);
  const parts: Uint8Array<ArrayBuffer>[] = [];
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      onProgress?.(counter.add(value));
    }
  }
  return {
    blob: new Blob(parts, { type: TYPES[format] }),
    fileName: exportFileName(response.headers.get('content-disposition'), format),
    progress: counter.progress,
  };
}
