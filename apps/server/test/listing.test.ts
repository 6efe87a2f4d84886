import { PgDialect, pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { contains, searchWords } from '../src/lib/listing.ts';

const table = pgTable('t', { name: text('name') });
const render = (value: string) => {
  const condition = contains(table.name, value);
  return condition ? new PgDialect().sqlToQuery(condition) : undefined;
};
const params = (value: string) => render(value)?.params;

describe('searchWords', () => {
  it('puts the words with a digit first, then the longer ones, each once', () => {
    expect(searchWords('data access 12345')).toEqual(['12345', 'access', 'data']);
    expect(searchWords('  Order  ORDER service 7x9 v10a ')).toEqual(['v10a', '7x9', 'service', 'Order']);
  });

  it('keeps the first four of a longer value', () => {
    expect(searchWords('one two three four five six 7th')).toEqual(['7th', 'three', 'four', 'five']);
  });

  it('splits on ASCII whitespace only', () => {
    expect(searchWords('abc\uFEFFxyz\u00A0k9 def\tghij')).toEqual(['abc\uFEFFxyz\u00A0k9', 'ghij', 'def']);
  });

  it('leaves out the words a trigram index cannot look up', () => {
    expect(searchWords('a to 12 %_% é-é abc')).toEqual(['abc']);
    expect(searchWords('')).toEqual([]);
  });
});

describe('contains', () => {
  it('matches the whole value alone when it holds fewer than two searchable words', () => {
    expect(render('Data 12 a')).toMatchObject({ sql: '"t"."name" ilike $1', params: ['%Data 12 a%'] });
    expect(render('  ')).toBeUndefined();
  });

  it('matches each word, in the order of searchWords, and then the whole value', () => {
    const query = render('data  access 12345');
    expect(query?.params).toEqual(['%12345%', '%access%', '%data%', '%data  access 12345%']);
    expect(query?.sql).toBe(
      '("t"."name" ilike $1 and "t"."name" ilike $2 and "t"."name" ilike $3 and "t"."name" ilike $4)',
    );
  });

  it('matches at most four words one by one', () => {
    expect(params('one two three four five six 7th')).toEqual([
      '%7th%',
      '%three%',
      '%four%',
      '%five%',
      '%one two three four five six 7th%',
    ]);
  });

  it('escapes the LIKE wildcards in the words as in the whole', () => {
    expect(params('100%_done files')).toEqual(['%100\\%\\_done%', '%files%', '%100\\%\\_done files%']);
  });
});
