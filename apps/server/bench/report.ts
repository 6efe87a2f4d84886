import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What a bench run reports: every heading, line and table goes to the console as it is
 * measured and into one markdown document, which `write` saves as bench/results/<date>.md.
 */
export class Report {
  private readonly parts: string[] = [];

  heading(text: string, level = 2): void {
    this.add(`${'#'.repeat(level)} ${text}`);
  }

  line(text: string): void {
    this.add(text);
  }

  table(headers: string[], rows: string[][]): void {
    const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
    this.add([row(headers), row(headers.map(() => '---')), ...rows.map(row)].join('\n'));
  }

  /**
   * Saves the document as `<dir>/<prefix><YYYY-MM-DD>.md` (UTC) and answers its path; a later
   * run of the same day gets `-2`, `-3`, … rather than replacing the earlier one.
   */
  write(dir: string, date = new Date(), prefix = ''): string {
    mkdirSync(dir, { recursive: true });
    const day = `${prefix}${date.toISOString().slice(0, 10)}`;
    let path = join(dir, `${day}.md`);
    for (let n = 2; existsSync(path); n++) path = join(dir, `${day}-${n}.md`);
    writeFileSync(path, `${this.parts.join('\n\n')}\n`);
    return path;
  }

  private add(markdown: string): void {
    console.log(`\n${markdown}`);
    this.parts.push(markdown);
  }
}

/** 1,234 */
export const int = (n: number) => Math.round(n).toLocaleString('en');
/** 12.3 ms */
export const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
/** The middle of `values`, the mean of the middle two for an even count. */
export const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** The value at fraction `q` (0.95 for p95) of `sorted`, in ascending order; NaN when it is empty. */
export const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/** 0.42 */
export const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '—');
