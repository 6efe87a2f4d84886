import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unpackDataDir, VERSION_FILE } from '../src/db/pglite-template.ts';

/** One ustar entry: its 512-byte header (with its checksum), then its data padded to 512. */
function entry(name: string, data?: string, prefix?: string): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 100);
  if (prefix) header.write(prefix, 345, 155);
  header.write('0000644\0', 100);
  header.write(`${(data?.length ?? 0).toString(8).padStart(11, '0')}\0`, 124);
  header.write(data === undefined ? '5' : '0', 156);
  header.write('ustar\x0000', 257);
  header.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  const body = Buffer.alloc(Math.ceil((data?.length ?? 0) / 512) * 512);
  if (data) body.write(data);
  return Buffer.concat([header, body]);
}

const END = Buffer.alloc(1024);

let dir: string;
let tar: string;
let dataDir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-unpack-'));
  tar = join(dir, 'template.tar');
  dataDir = join(dir, 'data');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('unpacking the template of a new embedded database', () => {
  it('writes each directory and file where the archive names it, PG_VERSION too', () => {
    const big = 'x'.repeat(1300);
    // Over the 64 KiB it copies at a time, and not a multiple of 512.
    const bigger = Array.from({ length: 150_001 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
    writeFileSync(
      tar,
      Buffer.concat([
        entry('/base'),
        entry(`/${VERSION_FILE}`, '17\n'),
        entry('/base/1/1259', big),
        entry('/global/pg_control', 'control'),
        entry('/empty', ''),
        entry('/pg_wal/000000010000000000000001', bigger),
        entry('1259_fsm', 'in a long path', 'base/16384/long'),
        END,
      ]),
    );
    unpackDataDir(tar, dataDir);
    expect(readFileSync(join(dataDir, VERSION_FILE), 'utf8')).toBe('17\n');
    expect(readFileSync(join(dataDir, 'base/1/1259'), 'utf8')).toBe(big);
    expect(readFileSync(join(dataDir, 'global/pg_control'), 'utf8')).toBe('control');
    expect(readFileSync(join(dataDir, 'empty'), 'utf8')).toBe('');
    expect(readFileSync(join(dataDir, 'pg_wal/000000010000000000000001'), 'utf8')).toBe(bigger);
    expect(readFileSync(join(dataDir, 'base/16384/long/1259_fsm'), 'utf8')).toBe('in a long path');
  });

  it('leaves no PG_VERSION when the archive is cut short, so the next start unpacks it again', () => {
    const whole = Buffer.concat([
      entry(`/${VERSION_FILE}`, '17\n'),
      entry('/base/1/1259', 'y'.repeat(2000)),
      END,
    ]);
    writeFileSync(tar, whole.subarray(0, 512 * 3));
    expect(() => unpackDataDir(tar, dataDir)).toThrow('cut short');
    expect(existsSync(join(dataDir, VERSION_FILE))).toBe(false);
    writeFileSync(tar, whole.subarray(0, 512 * 2));
    expect(() => unpackDataDir(tar, dataDir)).toThrow('cut short');
    expect(existsSync(join(dataDir, VERSION_FILE))).toBe(false);
  });

  it('refuses a damaged header, a path outside the directory and an archive without PG_VERSION', () => {
    const damaged = Buffer.concat([entry(`/${VERSION_FILE}`, '17\n'), END]);
    damaged[10] = 0x41;
    writeFileSync(tar, damaged);
    expect(() => unpackDataDir(tar, dataDir)).toThrow('damaged');

    writeFileSync(tar, Buffer.concat([entry('/../outside', 'x'), entry(`/${VERSION_FILE}`, '17\n'), END]));
    expect(() => unpackDataDir(tar, dataDir)).toThrow('outside');
    expect(existsSync(join(dir, 'outside'))).toBe(false);

    writeFileSync(tar, Buffer.concat([entry('/base/1/1259', 'x'), END]));
    expect(() => unpackDataDir(tar, dataDir)).toThrow(`no ${VERSION_FILE}`);
    expect(existsSync(join(dataDir, VERSION_FILE))).toBe(false);
  });
});
