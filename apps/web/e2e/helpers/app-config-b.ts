import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  type CreatedClient,
  type Resource,
  type ResourceType,
  SESSION_LIFETIME_SECONDS,
  STORAGE_KEYS,
  STORAGE_PREFIX,
  type Status,
} from '@gatehouse/contract';
import { ADMIN } from './session';

/**
 * Seeding for the client and resource specs, through the API. Each test makes its own
 * application, so tests running in parallel on the one server never see each other's rows.
 */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * Signs in through the API and hands the session to the page as the login form would store
 * it, so a test spends its time on its own screen; the form itself is covered by shell.spec.
 * Returns the token for seeding.
 */
export async function signIn(page: Page, request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/oauth2-server/login', { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
  const { token, userInfo } = (await res.json()).result;
  const expire = Date.now() + SESSION_LIFETIME_SECONDS * 1000;
  const key = (name: string) => `${STORAGE_PREFIX}_${name}`.toUpperCase();
  const entries: [string, string][] = [
    [key(STORAGE_KEYS.accessToken), JSON.stringify({ value: token, expire })],
    [key(STORAGE_KEYS.currentUser), JSON.stringify({ value: userInfo, expire })],
  ];
  await page.addInitScript((pairs) => {
    for (const [k, v] of pairs) localStorage.setItem(k, v);
  }, entries);
  return token;
}

/** A fresh application; its id is unique per call. */
export async function createApp(
  request: APIRequestContext,
  token: string,
  name = 'E2E app',
): Promise<string> {
  const applicationId = `e2e-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
  const res = await request.post('/api/admin-service/v2/application', {
    headers: auth(token),
    data: { applicationId, name: `${name} ${applicationId}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return applicationId;
}

export async function createClient(
  request: APIRequestContext,
  token: string,
  appId: string,
  body: { clientName: string; redirectUrl?: string | null; status?: Status },
): Promise<CreatedClient> {
  const res = await request.post('/api/admin-service/v2/application/client', {
    headers: auth(token),
    data: { ...body, applicationId: appId },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** `count` clients named `${prefix} 01`, `${prefix} 02`, …, created one after the other. */
export async function createClients(
  request: APIRequestContext,
  token: string,
  appId: string,
  count: number,
  prefix = 'Client',
): Promise<CreatedClient[]> {
  const out: CreatedClient[] = [];
  for (let i = 1; i <= count; i++) {
    out.push(
      await createClient(request, token, appId, { clientName: `${prefix} ${String(i).padStart(2, '0')}` }),
    );
  }
  return out;
}

export async function createResource(
  request: APIRequestContext,
  token: string,
  appId: string,
  body: {
    name: string;
    id: string;
    type: ResourceType;
    url?: string | null;
    order?: number;
    status?: Status;
    parentId?: string;
  },
): Promise<Resource> {
  const res = await request.post('/api/admin-service/resource', {
    headers: auth(token),
    data: { order: 1, status: 'ENABLED', ...body, applicationId: appId },
  });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** The children of a resource as the server has them, to check what the console saved. */
export async function resourceChildren(
  request: APIRequestContext,
  token: string,
  resourceId: string,
): Promise<Resource[]> {
  const res = await request.get(`/api/admin-service/resources/${resourceId}`, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}
