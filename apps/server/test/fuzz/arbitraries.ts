/**
 * fast-check arbitraries derived from the JSON schemas of the OpenAPI document (which the
 * contract's zod schemas generate), and the bad inputs the fuzz mutates them with.
 */
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  pattern?: string;
  format?: string;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  default?: unknown;
};

/**
 * The key and value of the unknown field every write may carry: neither appears in any
 * generated value otherwise, so finding either in the database means it was stored.
 */
export const UNKNOWN_KEY = 'zzFuzzUnknownField';
export const UNKNOWN_VALUE = 'zz-fuzz-unknown-value';

/** Ids of records the fuzz made itself, so some path ids and filters name something real. */
export type KnownIds = string[];

const CONTROL = [...Array(32).keys()].map((c) => String.fromCharCode(c)).concat('\u007f', '\u0085');
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];

/** Text with control characters and lone surrogates spliced in. */
export const hostileText = fc
  .tuple(
    fc.string({ maxLength: 12 }),
    fc.array(fc.constantFrom(...CONTROL, ...LONE_SURROGATES), { minLength: 1, maxLength: 4 }),
    fc.string({ maxLength: 12 }),
  )
  .map(([a, bad, b]) => `${a}${bad.join('')}${b}`);

/** 10,000 to 100,000 characters: past every maxLength (the body limit has a test of its own). */
export const hugeText = fc
  .tuple(fc.integer({ min: 10_000, max: 100_000 }), fc.constantFrom('a', 'é', '😀', '\u0000', '<'))
  .map(([n, c]) => c.repeat(Math.ceil(n / c.length)));

/** Values of every JSON type but the one the schema wants. */
export const wrongTyped = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: false }).map((d) => (Number.isFinite(d) ? d : 1e308)),
  fc.string({ maxLength: 8 }),
  fc.constant([]),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.constant({}),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

function plainString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, Math.max(min, 40));
  if (schema.pattern) {
    try {
      // Lengths are not forced onto a pattern's strings: one too long is a 400 like any other.
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern JavaScript cannot read: plain text, which the server must still refuse cleanly.
    }
  }
  // Mostly identifier-like, so codes and names pass their rules and writes get through.
  const identifier = fc
    .tuple(
      fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
      fc.string({
        unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'),
        minLength: Math.max(0, min - 1),
        maxLength: Math.max(0, Math.min(max, 12) - 1),
      }),
    )
    .map(([first, rest]) => first + rest);
  return fc.oneof(
    { weight: 3, arbitrary: identifier },
    { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: max }) },
  );
}

/** A value the schema accepts (or nearly: patterns and formats are tried, not guaranteed). */
export function valueFor(
  schema: JsonSchema | undefined,
  root: { components?: { schemas?: Record<string, JsonSchema> } },
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(null);
  if (schema.$ref) {
    const name = schema.$ref.split('/').at(-1)!;
    return valueFor(root.components?.schemas?.[name], root, depth + 1);
  }
  const nonNull = valueOfNonNull(schema, root, depth);
  return schema.nullable
    ? fc.oneof({ weight: 4, arbitrary: nonNull }, { weight: 1, arbitrary: fc.constant(null) })
    : nonNull;
}

function valueOfNonNull(
  schema: JsonSchema,
  root: Parameters<typeof valueFor>[1],
  depth: number,
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((c) => valueFor(c, root, depth + 1)));
  if (schema.allOf?.[0]) return valueFor(schema.allOf[0], root, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return plainString(schema);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? 0, -1e6),
        max: Math.min(schema.maximum ?? 1000, 1e6),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 1000, 1e6), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueFor(schema.items, root, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, Math.max(schema.minItems ?? 0, 3)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(properties)) model[key] = valueFor(sub, root, depth + 1);
      return fc.record(model, { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) });
    }
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
  }
}

/** One of a value's fields replaced by a bad value (or the value itself, when it is no object). */
export function mutateField(value: unknown, bad: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return bad;
  const keys = Object.keys(value);
  if (keys.length === 0) return bad.map((b) => ({ name: b }));
  return fc.tuple(fc.constantFrom(...keys), bad).map(([key, b]) => ({ ...value, [key]: b }));
}

/** Raw JSON bodies that break the parser or carry prototype keys. */
export const hostileJson = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '[1,2',
    '{"a":1,}',
    "{'a':1}",
    'nul',
    '',
    '"\\ud800"',
    '{"a":"\\u0000"}',
    '{"__proto__":{"polluted":"yes"}}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"name":"x"}',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    `{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3001)}`,
  ),
  fc.string({ maxLength: 40 }).map((s) => `{"name":"${s}`),
  fc.uint8Array({ maxLength: 30 }).map((b) => Buffer.from(b).toString('latin1')),
);

/** Prototype keys merged into a valid body, as raw JSON (an object literal would lose them). */
export function withPrototypeKeys(body: unknown): string {
  const json = JSON.stringify(body ?? {});
  const extra =
    '"__proto__":{"polluted":"yes","isAdmin":true},"constructor":{"prototype":{"polluted":"yes"}}';
  if (json.startsWith('{') && json !== '{}') return `{${extra},${json.slice(1)}`;
  if (json === '{}') return `{${extra}}`;
  return `{${extra},"value":${json}}`;
}

/** A query string over the limits: thousands of parameters, deep brackets, prototype keys. */
export const hostileQuery = fc.oneof(
  fc
    .integer({ min: 1001, max: 1500 })
    .map((n) => Array.from({ length: n }, (_, i) => `p${i}=${i}`).join('&')),
  fc.integer({ min: 6, max: 200 }).map((d) => `a${'[b]'.repeat(d)}=1`),
  fc.integer({ min: 21, max: 500 }).map((n) => Array.from({ length: n }, (_, i) => `a[${i}]=1`).join('&')),
  fc.constant('a[999999]=1&a[]=2'),
  fc.constantFrom(
    '__proto__[polluted]=yes',
    'constructor[prototype][polluted]=yes',
    '__proto__.polluted=yes',
    'a[__proto__][polluted]=yes',
    'page[__proto__]=1&size[constructor]=2',
    '%=&%%=%zz&=&&&',
    'keyword=%00&applicationId=%00',
    'keyword=%ED%A0%80',
  ),
);

/** Out-of-range and wrong page and size values. */
export const badPaging = fc.record({
  page: fc.constantFrom(
    '-1',
    '1e20',
    '99999999999999999999',
    'abc',
    '1.5',
    'NaN',
    '',
    '0x10',
    '[]',
    '9007199254740993',
  ),
  size: fc.constantFrom('0', '-5', '101', '1000000', '1.5', 'abc', '', 'Infinity', '1e3'),
});

/** Percent-encodes text, lone surrogates included (as the bytes of their CESU-8 form). */
export function encode(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    else out += encodeURIComponent(ch);
  }
  return out;
}

/** `{ a: 1, b: [2, 3] }` → `a=1&b=2&b=3`; objects nest as `a[b]=` as qs reads them. */
export function toQuery(values: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined) return;
    if (Array.isArray(value)) for (const v of value) add(key, v);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else parts.push(`${encode(key)}=${encode(String(value))}`);
  };
  for (const [key, value] of Object.entries(values)) add(key, value);
  return parts.join('&');
}
