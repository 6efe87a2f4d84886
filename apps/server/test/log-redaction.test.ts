import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { users } from '../src/db/schema/index.ts';
import { databaseErrorSummary, statementName } from '../src/lib/db-errors.ts';
import { seed } from '../src/platform/seed.ts';
import { ADMIN_PASSWORD, openTestDatabase } from './helper.ts';

/** Issue 12, defect 4: a failed statement is logged by name and code, never with its parameters. */

const SECRET = 'secret-token-hash-9f86d081884c7d65';
const lines: Record<string, unknown>[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let app: ReturnType<typeof buildApp>;
let drop: () => Promise<void>;
beforeAll(async () => {
  const test = await openTestDatabase();
  drop = test.drop;
  await migrateDatabase(test.handle);
  await seed(test.handle.db, { adminPassword: ADMIN_PASSWORD, print: () => {} });
  const db = test.handle.db;
  app = buildApp({ db, logger: { level: 'info', stream }, config: { webDir: '/nonexistent-web-dir' } });
  // Statements that fail with a value in their parameters and in the driver's message.
  app.get('/test/bad-cast', { config: { access: 'public' } }, async () => {
    await db.execute(sql`select ${SECRET}::int`);
    return {};
  });
  app.get('/test/duplicate', { config: { access: 'public' } }, async () => {
    await db.insert(users).values({ username: SECRET, name: 'x', passwordHash: SECRET });
    await db.insert(users).values({ username: SECRET, name: 'x', passwordHash: SECRET });
    return {};
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});

describe('logged database errors', () => {
  it.each([
    ['/test/bad-cast', '22P02', 'select'],
    ['/test/duplicate', '23505', 'insert "users"'],
  ])('%s is logged with its statement and code, without its values', async (url, code, statement) => {
    const before = lines.length;
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(SECRET);
    const logged = lines.slice(before);
    const failure = logged.find((line) => line.msg === 'request failed');
    expect(failure?.err).toMatchObject({ type: 'DatabaseError', code, statement });
    expect(JSON.stringify(logged)).not.toContain(SECRET);
    expect(JSON.stringify(logged)).not.toMatch(/params:|Failed query/);
  });
});

describe('databaseErrorSummary', () => {
  it('keeps the statement, code and schema names of a wrapped driver error', () => {
    const driver = Object.assign(new Error(`duplicate key value: Key (token_hash)=(${SECRET})`), {
      code: '23505',
      severity: 'ERROR',
      detail: `Key (token_hash)=(${SECRET}) already exists.`,
      table: 'sessions',
      constraint: 'sessions_token_hash_unique',
      query: 'insert into "sessions" ("token_hash") values ($1)',
      params: [SECRET],
    });
    const wrapper = Object.assign(new Error(`Failed query: insert into "sessions"\nparams: ${SECRET}`), {
      query: 'insert into "sessions" ("token_hash") values ($1)',
      params: [SECRET],
      cause: driver,
    });
    const summary = databaseErrorSummary(wrapper);
    expect(summary).toEqual({
      type: 'DatabaseError',
      statement: 'insert "sessions"',
      code: '23505',
      table: 'sessions',
      constraint: 'sessions_token_hash_unique',
    });
  });

  it('is undefined for an error that is not the database’s', () => {
    expect(databaseErrorSummary(new Error('plain'))).toBeUndefined();
  });

  it('names statements by verb and first table', () => {
    expect(statementName('select "user_id" from "sessions" where "token_hash" = $1')).toBe(
      'select "sessions"',
    );
    expect(statementName('update "users" set "name" = $1')).toBe('update "users"');
    expect(statementName('delete from public.audit_log')).toBe('delete public.audit_log');
    expect(statementName('select 1')).toBe('select');
  });
});
