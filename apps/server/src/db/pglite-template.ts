import { closeSync, mkdirSync, openSync, readSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';

/** A tar archive is read in records of this size: a header, then the file's data padded to it. */
const RECORD = 512;

/** The magic of a POSIX tar header, at byte 257. */
const USTAR = Buffer.from('ustar\0', 'latin1');

/** The file PostgreSQL reads first in a data directory. It is written last (see below). */
export const VERSION_FILE = 'PG_VERSION';

type Entry = { name: string; type: 'file' | 'directory'; size: number };

/** A NUL-terminated text field of a tar header. */
function text(header: Buffer, start: number, length: number): string {
  const field = header.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end < 0 ? length : end).toString('utf8');
}

/** An octal number field of a tar header. */
function octal(header: Buffer, start: number, length: number): number {
  const digits = text(header, start, length).trim();
  return digits ? Number.parseInt(digits, 8) : 0;
}

/**
 * The entry a 512-byte header describes; undefined for the zero record that ends an archive.
 * The checksum is the sum of the header's bytes with its own eight read as spaces.
 */
function parseHeader(header: Buffer, at: number): Entry | undefined {
  if (header.every((byte) => byte === 0)) return undefined;
  let sum = 0;
  for (let i = 0; i < RECORD; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  if (sum !== octal(header, 148, 8)) throw new Error(`the template is damaged: bad header at byte ${at}`);
  // A POSIX header ("ustar\0") may carry the start of a long name in its prefix field; other
  // layouts keep other fields there.
  const prefix = header.subarray(257, 263).equals(USTAR) ? text(header, 345, 155) : '';
  const name = prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100);
  const flag = String.fromCharCode(header[156]!);
  if (flag === '5') return { name, type: 'directory', size: 0 };
  if (flag === '0' || flag === '\0') return { name, type: 'file', size: octal(header, 124, 12) };
  throw new Error(`the template holds an entry of a kind it should not (type '${flag}'): ${name}`);
}

/** `name` inside `dir`; a name that would leave it is refused. */
function inside(dir: string, name: string): string {
  const relative = normalize(name.replace(/^\/+/, ''));
  if (relative === '..' || relative.startsWith(`..${sep}`))
    throw new Error(`the template names a path outside: ${name}`);
  return join(dir, relative);
}

/** Files are copied through one buffer of this size. */
const CHUNK = 64 * 1024;

/**
 * Writes the data directory held in `tarFile` (the build's template, PGlite's `dumpDataDir`
 * as a plain tar) into `dataDir`.
 *
 * PGlite's own `loadDataDir` unpacks the whole archive in memory and copies each file
 * through its WebAssembly file system: the server kept that memory after a first start, as
 * the WebAssembly memory does not shrink. Here each file is copied through one small buffer:
 * a buffer as large as the biggest file (the 16 MiB WAL segment) would be freed after use and
 * raise the allocator's threshold for mapping memory of its own, and the server would then
 * keep more heap for good (docs/performance.md).
 *
 * PG_VERSION is written last: a directory without it is not yet a database, so an
 * unpacking cut short (the process stopped, a full disk) is done again on the next start
 * rather than opened half-written. Nothing is synced to disk on the way, so this holds
 * for a process that stops, not for a machine that loses power during a first start.
 */
export function unpackDataDir(tarFile: string, dataDir: string): void {
  const input = openSync(tarFile, 'r');
  try {
    const header = Buffer.alloc(RECORD);
    const chunk = Buffer.alloc(CHUNK);
    let version: string | undefined;
    const read = (buffer: Buffer, length: number, at: number) => {
      if (readSync(input, buffer, 0, length, at) !== length) throw new Error('the template is cut short');
    };
    for (let at = 0; ; ) {
      read(header, RECORD, at);
      const entry = parseHeader(header, at);
      if (!entry) break;
      at += RECORD;
      const path = inside(dataDir, entry.name);
      if (entry.type === 'directory') {
        mkdirSync(path, { recursive: true });
        continue;
      }
      if (path === join(dataDir, VERSION_FILE)) {
        read(chunk, entry.size, at);
        version = chunk.subarray(0, entry.size).toString('latin1');
      } else {
        mkdirSync(dirname(path), { recursive: true });
        const output = openSync(path, 'w');
        try {
          for (let done = 0; done < entry.size; ) {
            const length = Math.min(CHUNK, entry.size - done);
            read(chunk, length, at + done);
            writeSync(output, chunk, 0, length);
            done += length;
          }
        } finally {
          closeSync(output);
        }
      }
      at += Math.ceil(entry.size / RECORD) * RECORD;
    }
    if (version === undefined) throw new Error(`the template holds no ${VERSION_FILE}`);
    writeFileSync(join(dataDir, VERSION_FILE), version, 'latin1');
  } finally {
    closeSync(input);
  }
}
