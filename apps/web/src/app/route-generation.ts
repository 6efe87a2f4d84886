import { ROUTE_GENERATION_DEBOUNCE_MS, type ServerMenuItem } from '@gatehouse/contract';
import { authorizationMenusQueryOptions } from '@/features/navigation/api/authorization-menus';
import { queryClient } from '@/lib/query-client';
import { getToken } from '@/lib/session';
import { generateRouteSet, type RouteSet } from './route-set';

/**
 * `first`: the session's first set, which the screen that asked for it is waiting on;
 * `regenerated`: a later set replaced it, so the open screen must decide again;
 * `failed`: the menus could not be had, and spec §4 sends the user to /dashboard.
 */
export type GenerationEvent = 'first' | 'regenerated' | 'failed';

export type RouteGeneratorOptions = {
  fetchMenus: () => Promise<ServerMenuItem[]>;
  /** Whose routes these are: a set made for one session never serves another. */
  sessionKey: () => string | null;
  generate?: (menus: ServerMenuItem[]) => RouteSet;
  debounceMs?: number;
};

type Generated = { session: string | null; set: RouteSet; source: string };
type Scheduled = { session: string | null; result: ServerMenuItem[] | { error: unknown } };

/**
 * Spec §4: the signed-in routes come from the authorization menus. The first set of a session
 * is made at once, since the first screen waits for it; later answers (a refetch after a role
 * change) replace it once the menus have been quiet for 1800 ms, so a burst of refetches
 * makes one new set, not several.
 */
export class RouteGenerator {
  private generated: Generated | null = null;
  private first: { session: string | null; promise: Promise<RouteSet> } | null = null;
  private scheduled: Scheduled | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<(event: GenerationEvent) => void>();
  private readonly generate: (menus: ServerMenuItem[]) => RouteSet;
  private readonly debounceMs: number;

  constructor(private readonly options: RouteGeneratorOptions) {
    this.generate = options.generate ?? ((menus) => generateRouteSet(menus));
    this.debounceMs = options.debounceMs ?? ROUTE_GENERATION_DEBOUNCE_MS;
  }

  /** Whose routes are being made now: the session key. */
  session(): string | null {
    return this.options.sessionKey();
  }

  /** The route set of the current session, or null before it is made. */
  current = (): RouteSet | null => {
    const generated = this.generated;
    return generated && generated.session === this.options.sessionKey() ? generated.set : null;
  };

  /** The current set, made now from a fresh menus call when the session has none yet. */
  ensure(): Promise<RouteSet> {
    const set = this.current();
    if (set) return Promise.resolve(set);
    const session = this.options.sessionKey();
    if (this.first?.session === session) return this.first.promise;
    const promise = this.options.fetchMenus().then(
      (menus) => {
        if (this.first?.promise === promise) this.first = null;
        // A sign-out while the call ran: the answer belongs to nobody now.
        if (session !== this.options.sessionKey()) return this.generate(menus);
        return this.apply(session, menus, 'first');
      },
      (error: unknown) => {
        if (this.first?.promise === promise) this.first = null;
        throw error;
      },
    );
    this.first = { session, promise };
    return promise;
  }

  /**
   * A menus answer, or a failed call, after the session's first set: acted on once nothing
   * new has come for the debounce. An answer equal to the current set's changes nothing.
   */
  schedule(result: ServerMenuItem[] | { error: unknown }): void {
    this.scheduled = { session: this.options.sessionKey(), result };
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.debounceMs);
  }

  subscribe = (listener: (event: GenerationEvent) => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Forgets everything, as after sign-out; tests start from here too. */
  reset(): void {
    clearTimeout(this.timer);
    this.generated = null;
    this.first = null;
    this.scheduled = null;
  }

  private flush(): void {
    const scheduled = this.scheduled;
    this.scheduled = null;
    // Before the session's first set, `ensure` is at work on a call of this session's own,
    // and an answer cached from an earlier session must not stand in for it.
    if (!scheduled || scheduled.session !== this.options.sessionKey() || !this.current()) return;
    if ('error' in scheduled.result) {
      this.emit('failed');
      return;
    }
    const menus = scheduled.result;
    if (this.generated?.source === JSON.stringify(menus)) return;
    this.apply(scheduled.session, menus, 'regenerated');
  }

  private apply(session: string | null, menus: ServerMenuItem[], event: GenerationEvent): RouteSet {
    const set = this.generate(menus);
    this.generated = { session, set, source: JSON.stringify(menus) };
    this.emit(event);
    return set;
  }

  private emit(event: GenerationEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

/**
 * The console's generator. Its first call goes through the query cache, so the shell's own
 * subscription to the menus shares it rather than repeating it.
 */
export const routeGenerator = new RouteGenerator({
  fetchMenus: () => queryClient.fetchQuery(authorizationMenusQueryOptions()),
  sessionKey: getToken,
});
