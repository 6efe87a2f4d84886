import { afterEach, describe, expect, it, vi } from 'vitest';
import { sizeText } from '../audit-paging';
import { ExportCounter, exportAudit, exportFileName } from './export-audit';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('ExportCounter', () => {
  it('counts JSON Lines a record a line, across chunks', () => {
    const counter = new ExportCounter('jsonl');
    counter.add(bytes('{"auditId":"3"}\n{"audit'));
    expect(counter.progress.rows).toBe(1);
    counter.add(bytes('Id":"2"}\n{"auditId":"1"}\n'));
    expect(counter.progress).toEqual({ rows: 3, bytes: 48 });
  });

  it('counts CSV records after the header, a quoted line break not ending one', () => {
    const counter = new ExportCounter('csv');
    counter.add(bytes('\uFEFFauditId,at,actorName\n'));
    expect(counter.progress.rows).toBe(0);
    counter.add(bytes('3,2026-01-01,"two\nlines"\n2,2026-01-01,"say ""hi'));
    expect(counter.progress.rows).toBe(1);
    counter.add(bytes('"""\n'));
    expect(counter.progress.rows).toBe(2);
  });

  it('counts bytes as they come, a character cut between chunks included', () => {
    const counter = new ExportCounter('jsonl');
    const text = bytes('{"name":"审计"}\n');
    counter.add(text.slice(0, 11));
    counter.add(text.slice(11));
    expect(counter.progress).toEqual({ rows: 1, bytes: text.byteLength });
  });
});

describe('exportFileName', () => {
  it("takes the server's name, else makes one", () => {
    expect(exportFileName('attachment; filename="audit-2026-01-31.csv"', 'csv')).toBe('audit-2026-01-31.csv');
    expect(exportFileName(null, 'jsonl', new Date('2026-02-01T10:00:00Z'))).toBe('audit-2026-02-01.jsonl');
  });
});

describe('sizeText', () => {
  it('writes bytes as a person reads them', () => {
    expect(sizeText(812)).toBe('812 B');
    expect(sizeText(4_200)).toBe('4.2 KB');
    expect(sizeText(13_000_000)).toBe('13.0 MB');
  });
});

describe('exportAudit', () => {
  afterEach(() => vi.unstubAllGlobals());

  function streamOf(parts: string[]): ReadableStream<Uint8Array> {
    return new ReadableStream({
      start(controller) {
        for (const part of parts) controller.enqueue(bytes(part));
        controller.close();
      },
    });
  }

  it('asks with the filter and the format, reports progress as parts arrive, and keeps the bytes as sent', async () => {
    const body = ['\uFEFFauditId,at\n', '2,2026-01-02\n', '1,2026-01-01\n'];
    const fetch = vi.fn(
      async () =>
        new Response(streamOf(body), {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="audit-2026-01-02.csv"' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const progress = vi.fn();
    const file = await exportAudit({ actor: 'alice', entity: ['role'] }, 'csv', { onProgress: progress });

    const [href] = fetch.mock.calls[0] as unknown as [string];
    expect(href).toBe('/api/admin-service/v2/audit/export?actor=alice&entity%5B0%5D=role&format=csv');
    expect(progress.mock.calls.map(([p]) => p.rows)).toEqual([0, 1, 2]);
    expect(file.fileName).toBe('audit-2026-01-02.csv');
    expect(file.progress.rows).toBe(2);
    // The byte-order mark stays: a spreadsheet needs it to read UTF-8.
    const saved = new Uint8Array(await file.blob.arrayBuffer());
    expect([...saved.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(saved)).toBe(body.join('').slice(1));
  });

  it('stops reading when its signal is aborted, as the browser ends the body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_href: string, init: RequestInit) => {
        let sent = 0;
        // A body that goes on until the request is aborted, then fails as fetch's body does.
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            init.signal?.addEventListener('abort', () =>
              controller.error(new DOMException('The operation was aborted.', 'AbortError')),
            );
          },
          async pull(controller) {
            await new Promise((resolve) => setTimeout(resolve, 1));
            if (!init.signal?.aborted) controller.enqueue(bytes(`{"auditId":"${++sent}"}\n`));
          },
        });
        return new Response(body);
      }),
    );
    const abort = new AbortController();
    const progress = vi.fn((p: { rows: number }) => p.rows >= 3 && abort.abort());
    await expect(exportAudit({}, 'jsonl', { signal: abort.signal, onProgress: progress })).rejects.toThrow(
      /abort/i,
    );
    expect(progress).toHaveBeenCalledTimes(3);
  });
});
