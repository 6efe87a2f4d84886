/**
 * A strict reader of Prometheus' text exposition format 0.0.4, for the metrics tests: the
 * maintained JavaScript parsers of it are part of larger clients, and the one stand-alone
 * package has not been released in years. Anything outside the format throws, naming the
 * line: a sample before its family's TYPE, a name or label out of the grammar, a bad escape,
 * a value that is not a number, a family declared twice, a histogram whose buckets are not
 * cumulative or whose +Inf bucket is not its count.
 */

export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Family = {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: Sample[];
};

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
/** The sample names a family of each type may have, as suffixes of the family's name. */
const SUFFIXES: Record<Family['type'], string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

/** A value as Go's ParseFloat reads it (the format's rule): a number, or NaN and ±Inf in any case. */
function parseValue(text: string, where: string): number {
  if (/^[-+]?nan$/i.test(text)) return Number.NaN;
  if (/^\+?inf(inity)?$/i.test(text)) return Number.POSITIVE_INFINITY;
  if (/^-inf(inity)?$/i.test(text)) return Number.NEGATIVE_INFINITY;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text))
    throw new Error(`${where}: not a value: ${text}`);
  return Number(text);
}

/** `{a="x",b="y\"z"}` from `start` (at the brace): the labels and the index after the closing brace. */
function parseLabels(line: string, start: number, where: string): [Record<string, string>, number] {
  const labels: Record<string, string> = {};
  let i = start + 1;
  while (line[i] !== '}') {
    const eq = line.indexOf('=', i);
    if (eq < 0) throw new Error(`${where}: a label without a value`);
    const name = line.slice(i, eq);
    if (!LABEL_NAME.test(name)) throw new Error(`${where}: not a label name: ${name}`);
    if (name in labels) throw new Error(`${where}: label ${name} twice`);
    if (line[eq + 1] !== '"') throw new Error(`${where}: label ${name}'s value is not quoted`);
    let value = '';
    let j = eq + 2;
    for (;;) {
      const c = line[j];
      if (c === undefined) throw new Error(`${where}: label ${name}'s value is not closed`);
      if (c === '"') break;
      if (c === '\\') {
        const next = line[j + 1];
        if (next === '\\') value += '\\';
        else if (next === '"') value += '"';
        else if (next === 'n') value += '\n';
        else throw new Error(`${where}: bad escape \\${next} in label ${name}`);
        j += 2;
      } else {
        value += c;
        j++;
      }
    }
    labels[name] = value;
    i = j + 1;
    if (line[i] === ',') i++;
    else if (line[i] !== '}') throw new Error(`${where}: expected , or } after label ${name}`);
  }
  return [labels, i + 1];
}

function checkHistogram(family: Family): void {
  const series = new Map<string, Sample[]>();
  for (const sample of family.samples) {
    const { le, ...rest } = sample.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    if (!series.has(key)) series.set(key, []);
    series.get(key)!.push(sample);
  }
  for (const [key, samples] of series) {
    const buckets = samples.filter((s) => s.name === `${family.name}_bucket`);
    const count = samples.find((s) => s.name === `${family.name}_count`);
    if (!count || !samples.some((s) => s.name === `${family.name}_sum`))
      throw new Error(`${family.name} ${key}: no _count or _sum`);
    let previous = -1;
    let previousValue = 0;
    for (const bucket of buckets) {
      if (bucket.labels.le === undefined) throw new Error(`${family.name} ${key}: a bucket without le`);
      const le = parseValue(bucket.labels.le, family.name);
      if (le <= previous) throw new Error(`${family.name} ${key}: buckets out of order`);
      if (bucket.value < previousValue) throw new Error(`${family.name} ${key}: buckets not cumulative`);
      previous = le;
      previousValue = bucket.value;
    }
    if (previous !== Number.POSITIVE_INFINITY) throw new Error(`${family.name} ${key}: no +Inf bucket`);
    if (previousValue !== count.value) throw new Error(`${family.name} ${key}: +Inf bucket is not the count`);
  }
}

/** Every family of an exposition, by name. */
export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const helps = new Map<string, string>();
  if (text !== '' && !text.endsWith('\n')) throw new Error('the exposition does not end with a newline');
  const lines = text.split('\n').slice(0, -1);
  lines.forEach((line, index) => {
    const where = `line ${index + 1}`;
    if (line === '') return;
    if (line.startsWith('#')) {
      const match = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!match) return; // A plain comment.
      const [, keyword, name, rest] = match as unknown as [string, string, string, string];
      if (!METRIC_NAME.test(name)) throw new Error(`${where}: not a metric name: ${name}`);
      if (keyword === 'HELP') {
        if (helps.has(name)) throw new Error(`${where}: a second HELP for ${name}`);
        helps.set(name, rest.replace(/\\n/g, '\n').replace(/\\\\/g, '\\'));
        return;
      }
      if (!TYPES.has(rest)) throw new Error(`${where}: not a type: ${rest}`);
      if (families.has(name)) throw new Error(`${where}: a second TYPE for ${name}`);
      families.set(name, { name, type: rest as Family['type'], help: helps.get(name) ?? '', samples: [] });
      return;
    }
    const nameEnd = line.search(/[{ ]/);
    if (nameEnd < 0) throw new Error(`${where}: a sample without a value`);
    const name = line.slice(0, nameEnd);
    if (!METRIC_NAME.test(name)) throw new Error(`${where}: not a metric name: ${name}`);
    let labels: Record<string, string> = {};
    let rest = nameEnd;
    if (line[nameEnd] === '{') [labels, rest] = parseLabels(line, nameEnd, where);
    if (line[rest] !== ' ') throw new Error(`${where}: expected a space before the value`);
    const fields = line.slice(rest + 1).split(' ');
    if (fields.length > 2 || (fields[1] !== undefined && !/^-?\d+$/.test(fields[1])))
      throw new Error(`${where}: expected a value and an optional timestamp`);
    const value = parseValue(fields[0]!, where);
    const family = [...families.values()].find((f) =>
      SUFFIXES[f.type].some((suffix) => `${f.name}${suffix}` === name),
    );
    if (!family) throw new Error(`${where}: ${name} has no TYPE before it`);
    family.samples.push({ name, labels, value });
  });
  for (const family of families.values()) {
    family.help = helps.get(family.name) ?? family.help;
    if (family.type === 'histogram') checkHistogram(family);
  }
  return families;
}

/** The value of the one sample of `name` with these labels (exactly), or undefined. */
export function sampleValue(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  for (const family of families.values()) {
    for (const sample of family.samples) {
      if (sample.name === name && JSON.stringify(Object.entries(sample.labels).sort()) === wanted)
        return sample.value;
    }
  }
  return undefined;
}
