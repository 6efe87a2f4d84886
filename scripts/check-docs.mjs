#!/usr/bin/env node
// Run by `npm run lint`, after Biome: the docs stay true to the tree.
// - Every relative link of README.md and docs/*.md names a file or folder that exists, and a
//   `#anchor` into a Markdown file names one of its headings.
// - Every path that docs/architecture.md's "Where things are" map names exists. A path is a
//   backticked name with a slash or a file extension; it is looked up from the repository's
//   root and from each package's source folder (a map entry such as `lib/listing.ts` is the
//   server's or the console's), and a bare file name anywhere in the repository.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const SKIP = new Set([
  'node_modules',
  'dist',
  '.git',
  'data',
  'test-results',
  '.test-results',
  'playwright-report',
]);
const problems = [];

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? [path, ...filesUnder(path)] : [path];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The Markdown outside fenced code blocks, so that code is not read as links or headings. */
const prose = (text) => text.replace(/^```[\s\S]*?^```/gm, '');

function anchorsOf(file) {
  const seen = new Map();
  const anchors = new Set();
  for (const [, heading] of prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(heading);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

const docs = [
  join(root, 'README.md'),
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(root, 'docs', f)),
];
for (const file of docs) {
  for (const [, target] of prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    const [path, anchor] = target.split('#');
    const resolved = path ? resolve(dirname(file), path) : file;
    const where = `${relative(root, file)}: link ${target}`;
    if (!existsSync(resolved)) problems.push(`${where}: no such file`);
    else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor))
      problems.push(`${where}: no heading #${anchor} in ${relative(root, resolved)}`);
  }
}

const architecture = prose(readFileSync(join(root, 'docs/architecture.md'), 'utf8'));
const map = /^## Where things are\n([\s\S]*?)(?=^#{2,3} )/m.exec(architecture)?.[1];
if (!map) problems.push('docs/architecture.md: no "## Where things are" section');
else {
  const bases = ['', 'apps/web/src', 'apps/web', 'apps/server/src', 'apps/server', 'packages/contract/src'];
  const names = new Set(filesUnder(root).map((f) => basename(f)));
  const PATH = /^[\w@.[\]-]+(?:\/[\w@.*[\]-]*)*$/;
  for (const [, token] of map.matchAll(/`([^`]+)`/g)) {
    if (!PATH.test(token) || token.startsWith('@')) continue;
    const isPath = token.includes('/') || /\.(tsx?|mjs|js|css|sql|json|md)$/.test(token);
    if (!isPath) continue;
    const exists = (candidate) => {
      if (!candidate.includes('*')) return existsSync(candidate);
      const dir = dirname(candidate);
      const pattern = new RegExp(`^${basename(candidate).replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`);
      return existsSync(dir) && statSync(dir).isDirectory() && readdirSync(dir).some((f) => pattern.test(f));
    };
    const found = token.includes('/')
      ? bases.some((base) => exists(join(root, base, token)))
      : names.has(token);
    if (!found) problems.push(`docs/architecture.md, "Where things are": ${token} does not exist`);
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
