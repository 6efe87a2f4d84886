import { ROUTE_GENERATION_DEBOUNCE_MS, type ServerMenuItem } from '@gatehouse/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consoleMenus } from '@/test/menus';
import { type GenerationEvent, RouteGenerator } from './route-generation';
import { isRouteGranted } from './route-set';

const CLIENT_ONLY = consoleMenus((path) => path === '/app-config/client');
const RESOURCE_ONLY = consoleMenus((path) => path === '/app-config/resource');
const BOTH = consoleMenus((path) => path === '/app-config/client' || path === '/app-config/resource');

function setup(answers: (ServerMenuItem[] | Error)[] = [CLIENT_ONLY]) {
  let session: string | null = 'token-a';
  const fetchMenus = vi.fn(async () => {
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer instanceof Error) throw answer;
    return answer ?? [];
  });
  const generator = new RouteGenerator({ fetchMenus, sessionKey: () => session });
  const events: GenerationEvent[] = [];
  generator.subscribe((event) => events.push(event));
  return {
    generator,
    fetchMenus,
    events,
    signInAs: (token: string | null) => {
      session = token;
    },
  };
}

describe('RouteGenerator: the first set of a session', () => {
  it('is made at once from one menus call, however many screens ask', async () => {
    const { generator, fetchMenus, events } = setup();
    expect(generator.current()).toBeNull();
    const [a, b] = await Promise.all([generator.ensure(), generator.ensure()]);
    expect(a).toBe(b);
    expect(fetchMenus).toHaveBeenCalledTimes(1);
    expect(isRouteGranted(a, '/app-config/client')).toBe(true);
    expect(isRouteGranted(a, '/app-config/resource')).toBe(false);
    expect(generator.current()).toBe(a);
    expect(events).toEqual(['first']);
    await generator.ensure();
    expect(fetchMenus).toHaveBeenCalledTimes(1);
  });

  it('fails with the call, and the next screen asks again', async () => {
    const { generator, fetchMenus } = setup([new Error('down'), CLIENT_ONLY]);
    await expect(generator.ensure()).rejects.toThrow('down');
    expect(generator.current()).toBeNull();
    await expect(generator.ensure()).resolves.toBeTruthy();
    expect(fetchMenus).toHaveBeenCalledTimes(2);
  });

  it('belongs to its session: another sign-in makes its own', async () => {
    const { generator, fetchMenus, signInAs } = setup([CLIENT_ONLY, RESOURCE_ONLY]);
    await generator.ensure();
    signInAs('token-b');
    expect(generator.current()).toBeNull();
    const set = await generator.ensure();
    expect(isRouteGranted(set, '/app-config/resource')).toBe(true);
    expect(isRouteGranted(set, '/app-config/client')).toBe(false);
    expect(fetchMenus).toHaveBeenCalledTimes(2);
  });
});

describe('RouteGenerator: later menus answers (debounced)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it(`waits ${ROUTE_GENERATION_DEBOUNCE_MS} ms after the last answer before it makes a new set`, async () => {
    const { generator, events } = setup();
    const first = await generator.ensure();
    generator.schedule(BOTH);
    vi.advanceTimersByTime(ROUTE_GENERATION_DEBOUNCE_MS - 1);
    expect(generator.current()).toBe(first);
    vi.advanceTimersByTime(1);
    const next = generator.current();
    expect(next).not.toBe(first);
    expect(next && isRouteGranted(next, '/app-config/resource')).toBe(true);
    expect(events).toEqual(['first', 'regenerated']);
  });

  it('makes one set from a burst of answers, from the last of them', async () => {
    const { generator, events } = setup();
    await generator.ensure();
    generator.schedule(BOTH);
    vi.advanceTimersByTime(1000);
    generator.schedule(RESOURCE_ONLY);
    vi.advanceTimersByTime(1000);
    expect(events).toEqual(['first']);
    vi.advanceTimersByTime(ROUTE_GENERATION_DEBOUNCE_MS - 1000);
    expect(events).toEqual(['first', 'regenerated']);
    const set = generator.current();
    expect(set && isRouteGranted(set, '/app-config/client')).toBe(false);
    expect(set && isRouteGranted(set, '/app-config/resource')).toBe(true);
  });

  it('changes nothing for an answer equal to the current set', async () => {
    const { generator, events } = setup();
    const first = await generator.ensure();
    generator.schedule(structuredClone(CLIENT_ONLY));
    vi.advanceTimersByTime(ROUTE_GENERATION_DEBOUNCE_MS);
    expect(generator.current()).toBe(first);
    expect(events).toEqual(['first']);
  });

  it('reports a failed refetch once the debounce is over, and keeps the set', async () => {
    const { generator, events } = setup();
    const first = await generator.ensure();
    generator.schedule({ error: new Error('down') });
    vi.advanceTimersByTime(ROUTE_GENERATION_DEBOUNCE_MS - 1);
    expect(events).toEqual(['first']);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['first', 'failed']);
    expect(generator.current()).toBe(first);
  });

  it('leaves the first set to `ensure`: an answer cached from before does not stand in for it', async () => {
    const { generator, events } = setup();
    generator.schedule(BOTH);
    vi.advanceTimersByTime(ROUTE_GENERATION_DEBOUNCE_MS);
    expect(generator.current()).toBeNull();
    expect(events).toEqual([]);
  });

  it('drops what was scheduled for a session that has ended', async () => {
    const { generator, events, signInAs } = setup();
    await generator.ensure();
    generator.schedule(BOTH);
    signInAs(null);
    vi.advanceTimersByTime(ROUTE_GENERATION_DEBOUNCE_MS);
    expect(events).toEqual(['first']);
    expect(generator.current()).toBeNull();
  });

  it('forgets everything on reset', async () => {
    const { generator, events } = setup();
    await generator.ensure();
    generator.schedule(BOTH);
    generator.reset();
    vi.advanceTimersByTime(ROUTE_GENERATION_DEBOUNCE_MS);
    expect(generator.current()).toBeNull();
    expect(events).toEqual(['first']);
  });
});
