import { describe, expect, it } from 'vitest';
import { stringifyQuery } from './query-string';

describe('stringifyQuery', () => {
  it('writes arrays with indices and nested objects with their keys, brackets encoded', () => {
    expect(stringifyQuery({ ids: ['a', 'b'], page: 0 })).toBe('ids%5B0%5D=a&ids%5B1%5D=b&page=0');
    expect(stringifyQuery({ filter: { name: 'x', tags: ['y'] } })).toBe(
      'filter%5Bname%5D=x&filter%5Btags%5D%5B0%5D=y',
    );
    expect(stringifyQuery({ rows: [{ id: 1 }] })).toBe('rows%5B0%5D%5Bid%5D=1');
  });

  it('leaves out undefined and empty arrays, writes null as empty and dates as ISO text', () => {
    expect(stringifyQuery({ a: undefined, b: [], c: null, d: true })).toBe('c=&d=true');
    expect(stringifyQuery({ at: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)) })).toBe(
      'at=2024-01-02T03%3A04%3A05.000Z',
    );
  });

  it('percent-encodes all but letters, digits and -._~, spaces included', () => {
    expect(stringifyQuery({ keyword: "a b&c=d/é!*'()-._~" })).toBe(
      'keyword=a%20b%26c%3Dd%2F%C3%A9%21%2A%27%28%29-._~',
    );
    expect(stringifyQuery(undefined)).toBe('');
  });
});
