/**
 * A request's query as qs writes it with `arrayFormat: 'indices'`, which the server's routes read
 * (spec §7): `ids[0]=a&ids[1]=b`, `filter[name]=x`, with the brackets percent-encoded. Undefined
 * is left out, null is an empty value, a date is its ISO text. Written out rather than taken
 * from qs, whose whole code the sign-in page would otherwise load for this one call.
 */
export function stringifyQuery(params: unknown): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return;
    if (value === null) parts.push(`${encode(key)}=`);
    else if (value instanceof Date) parts.push(`${encode(key)}=${encode(value.toISOString())}`);
    else if (Array.isArray(value)) for (const [i, item] of value.entries()) add(`${key}[${i}]`, item);
    else if (typeof value === 'object')
      for (const [name, item] of Object.entries(value)) add(`${key}[${name}]`, item);
    else parts.push(`${encode(key)}=${encode(String(value))}`);
  };
  if (params && typeof params === 'object')
    for (const [name, value] of Object.entries(params)) add(name, value);
  return parts.join('&');
}

/** RFC 3986 as qs applies it: only letters, digits and `-._~` stay as they are. */
function encode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
