#!/usr/bin/env node
// Run by `npm run lint`, after Biome: a feature of the console does not import another
// feature (STYLE.md). Biome's noRestrictedImports matches an import as written, so it cannot
// say "any feature but this file's own"; this resolves each import of apps/web/src/features
// to the file it names and compares the two features.
//
// The one thing a feature may import from another is its paths module
// (features/<area>/paths.ts): the paths of its screens, their `toX` link builders and query
// parameters, which hold no code of its screens. A paths module itself imports only the
// contract and lib/, so it stays that cheap. What two features share otherwise goes down to
// src/api, components/ or lib/, or is passed in.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const src = join(root, 'apps/web/src');
const features = join(src, 'features');

const IMPORT =
  /(?:^|[^.\w])(?:import|export)\s*(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The file an import names, as a path below src without its extension; undefined outside src. */
function target(file, specifier) {
  if (specifier.startsWith('@/')) return specifier.slice(2);
  if (!specifier.startsWith('.')) return undefined;
  const path = relative(src, resolve(dirname(file), specifier));
  return path.startsWith('..') ? undefined : path;
}

/** The feature a path below src belongs to, if any. */
const featureOf = (path) => /^features\/([^/]+)\//.exec(path)?.[1];
const isPathsModule = (path) => /^features\/[^/]+\/paths(\.ts)?$/.test(path);

const problems = [];
for (const file of filesUnder(features)) {
  const own = relative(src, file);
  const ownFeature = featureOf(own);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    const path = target(file, specifier);
    const line = text.slice(0, match.index).split('\n').length;
    const where = `${relative(root, file)}:${line}`;
    if (isPathsModule(own) && !specifier.startsWith('@gatehouse/contract') && !path?.startsWith('lib/')) {
      problems.push(
        `${where}: a paths module imports only the contract and lib/, so any feature can import it: '${specifier}'`,
      );
      continue;
    }
    const feature = path && featureOf(path);
    if (!feature || feature === ownFeature || isPathsModule(path)) continue;
    problems.push(
      `${where}: the ${ownFeature} feature imports '${specifier}' of the ${feature} feature. A feature imports ` +
        `another only through its paths module (features/${feature}/paths.ts); move what both need to ` +
        'src/api, components/ or lib/, or pass it in.',
    );
  }
}

for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(`\n${problems.length} import(s) across features.`);
  process.exit(1);
}
console.log('Feature imports: no feature imports another.');
