import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  ACTIONS,
  type Action,
  type ErrorBody,
  formatMessage,
  type Message,
  PLATFORM_APP_ID,
} from '@gatehouse/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, type BuildAppOptions, buildApp } from '../src/app.ts';
import type { AppConfig } from '../src/config.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import {
  resources,
  rolePermissions,
  roleResources,
  roles,
  userRoles,
  users,
} from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/passwords/hashing.ts';
import { seed } from '../src/platform/seed.ts';
import { checkResponses } from './conformance.ts';
import { closeWhenDone } from './teardown.ts';

export const ADMIN_PASSWORD = 'admin-password-for-tests';

/**
 * The middle of `values` (the mean of the middle two for an even count), for comparing timings:
 * one pause of the machine (a collection, another test file's burst) moves a mean by
 * milliseconds, not this.
 */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
/** A message in English: what an error body's `message` (and a field's) carries. */
export const en = (message: Message): string => formatMessage(message, 'en');

/** An error body's field messages in English, by field: `{ name: 'This item is required' }`. */
export function fieldMessages(body: Pick<ErrorBody, 'fields'>): Record<string, string> {
  return Object.fromEntries((body.fields ?? []).map((f) => [f.field, f.message]));
}

/** A message as an error body carries it: key, parameters and the English text. */
export function messageBody(message: Message): Pick<ErrorBody, 'key' | 'params' | 'message'> {
  return {
    key: message.key,
    ...(message.params ? { params: { ...message.params } } : {}),
    message: en(message),
  };
}

/** An error body with its fields as `{ field: message }`, to match it in one object. */
export function byField(body: unknown): Omit<ErrorBody, 'fields'> & { fields: Record<string, string> } {
  const error = body as ErrorBody;
  return { ...error, fields: fieldMessages(error) };
}

/** One field's message in English, or undefined when the body names no such field. */
export function fieldMessage(body: Pick<ErrorBody, 'fields'>, field: string): string | undefined {
  return body.fields?.find((f) => f.field === field)?.message;
}

/** One field's message key, or undefined when the body names no such field. */
export function fieldKey(body: Pick<ErrorBody, 'fields'>, field: string): string | undefined {
  return body.fields?.find((f) => f.field === field)?.key;
}

export const TEST_DB = process.env.GATEHOUSE_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A fresh database for one test file: in-memory PGlite, or a new database on the test server. */
/**
 * The migrated, unseeded data directory that `global-setup.ts` made once for the run, so a
 * test file's database opens from it instead of running initdb and the migrations again.
 */
let template: Promise<Blob> | undefined;
function pgliteTemplate(): Promise<Blob> {
  const path = inject('pgliteTemplate');
  template ??= readFile(path).then((bytes) => new Blob([bytes]));
  return template;
}

export async function openTestDatabase(): Promise<{
  handle: DatabaseHandle;
  url?: string;
  drop: () => Promise<void>;
}> {
  if (TEST_DB === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate() });
    return { handle, drop: () => handle.close() };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('GATEHOUSE_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `gatehouse_test_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), max: 5 });
  return {
    handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export type BuildOptions = {
  config?: Partial<AppConfig>;
  rateLimitStore?: BuildAppOptions['rateLimitStore'];
  /** The log; silent unless a test captures it. */
  logger?: BuildAppOptions['logger'];
  /** Adds test-only routes before the app starts. */
  setup?: (app: App) => void;
};

type Body = Record<string, unknown> | unknown[] | string | undefined;

/**
 * An app on a fresh database, closed with it when the caller is done: after the test that
 * built it, or after the test file when a hook built it. `close()` may still end it earlier.
 */
export async function build(options: BuildOptions = {}) {
  const { handle, url, drop } = await openTestDatabase();
  await migrateDatabase(handle);
  await seed(handle.db, { adminPassword: ADMIN_PASSWORD, print: () => {} });
  const db = handle.db;
  const app = buildApp({
    db,
    // As `npm start` runs it: callers cached until the database announces a change.
    listen: handle.listen,
    databaseUsage: handle.usage,
    logger: options.logger ?? false,
    // A web build in the working tree must not change what the API tests see. An app that
    // only answers injected requests never listens, so it learns no issuer from its address:
    // it gets a fixed one. A test that listens for a relying party passes `issuer: undefined`.
    config: { webDir: '/nonexistent-web-dir', issuer: 'http://gatehouse.test/oidc', ...options.config },
    ...(options.rateLimitStore ? { rateLimitStore: options.rateLimitStore } : {}),
  });
  options.setup?.(app);
  await app.ready();
  // Every injected response is checked against the OpenAPI document (issue 12, Deliver 2).
  checkResponses(app);

  const auth = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});

  const inject = (opts: InjectOptions) => app.inject(opts) as Promise<LightMyRequestResponse>;
  const get = (url: string, token?: string) => inject({ method: 'GET', url, headers: auth(token) });
  const post = (url: string, body?: Body, token?: string, extra: Partial<InjectOptions> = {}) =>
    inject({
      method: 'POST',
      url,
      headers: { ...auth(token), ...(extra.headers ?? {}) },
      ...(body === undefined ? {} : { payload: body }),
      ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
    });

  async function login(username = 'admin', password = ADMIN_PASSWORD): Promise<string> {
    const res = await post('/api/oauth2-server/login', { username, password });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    return res.json().result.token as string;
  }

  const close = closeWhenDone(async () => {
    await app.close();
    await drop();
  });

  return {
    app,
    db,
    handle,
    /** The test database's URL on PostgreSQL, for a second instance with a pool of its own. */
    databaseUrl: url,
    inject,
    get,
    post,
    login,
    createUser: (input: CreateUserInput = {}) => createUser(db, input),
    createRole: (input: CreateRoleInput = {}) => createRole(db, input),
    close,
  };
}

export type TestContext = Awaited<ReturnType<typeof build>>;

export type CreateUserInput = {
  username?: string;
  password?: string;
  name?: string;
  roleIds?: string[];
  mustChangePassword?: boolean;
  status?: 'ENABLED' | 'DISABLED';
};

export async function createUser(db: Database, input: CreateUserInput = {}) {
  const username = input.username ?? `user-${randomUUID().slice(0, 8)}`;
  const password = input.password ?? 'user-password-123';
  const [user] = await db
    .insert(users)
    .values({
      username,
      name: input.name ?? username,
      passwordHash: await hashPassword(password),
      mustChangePassword: input.mustChangePassword ?? false,
      status: input.status ?? 'ENABLED',
    })
    .returning();
  for (const roleId of input.roleIds ?? [])
    await db.insert(userRoles).values({ userId: user!.userId, roleId });
  return { ...user!, password };
}

export type CreateRoleInput = {
  name?: string;
  /** Platform permissions; `applicationIds` limits one to those applications. */
  permissions?: { permissionId: string; actions?: Action[]; applicationIds?: string[] }[];
  /** Platform resource ids (codes such as `app-config` or `client:create`) the role grants. */
  resourceCodes?: string[];
};

export async function createRole(db: Database, input: CreateRoleInput = {}) {
  const code = `role-${randomUUID().slice(0, 8)}`;
  const [role] = await db
    .insert(roles)
    .values({ name: input.name ?? code, code })
    .returning();
  const roleId = role!.roleId;
  for (const p of input.permissions ?? []) {
    await db.insert(rolePermissions).values({
      roleId,
      applicationId: PLATFORM_APP_ID,
      permissionId: p.permissionId,
      actions: p.actions ?? [...ACTIONS],
      applicationIds: p.applicationIds ?? null,
    });
  }
  if (input.resourceCodes && input.resourceCodes.length > 0) {
    const rows = await db
      .select({ resourceId: resources.resourceId })
      .from(resources)
      .where(and(eq(resources.applicationId, PLATFORM_APP_ID), inArray(resources.id, input.resourceCodes)));
    await db.insert(roleResources).values(rows.map((r) => ({ roleId, resourceId: r.resourceId })));
  }
  return role!;
}
