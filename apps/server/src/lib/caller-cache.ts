/**
 * What a signed-in request knows of its caller, kept per token so that a request costs no
 * statement for it; and, the same way, an OIDC client's row per client_id. The database
 * notifies `AUTH_CHANNEL` at the commit of every change to sessions, users, roles, groups and
 * grants (migration 0008), and to clients, their secrets and applications (migration 0028),
 * with the table's name; each instance empties its caches then, so a session ended, a role
 * taken away or a client disabled stops working on every instance at once. Nothing is kept
 * while the notifications are not heard (before the subscription is up, or while its
 * connection is down), and a state read before a notification is never stored after it.
 */
export const AUTH_CHANNEL = 'gatehouse_auth';

/** At most this many entries are kept by default; the oldest goes first. */
const MAX_ENTRIES = 10_000;

export class CallerCache<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();
  constructor(private readonly maxEntries = MAX_ENTRIES) {}
  private live = false;
  /** Bumped by every invalidation: a read that began under another generation is not stored. */
  private generation = 0;
  /** Lookups since the start, read by the metrics: plain numbers, so a request pays an increment. */
  readonly lookups = { hit: 0, miss: 0 };

  /** The generation to pass to `set` for a value read from the database from now on. */
  begin(): number {
    return this.generation;
  }

  get(key: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      this.lookups.miss++;
      return undefined;
    }
    if (entry.until <= now) {
      this.entries.delete(key);
      this.lookups.miss++;
      return undefined;
    }
    this.lookups.hit++;
    return entry.value;
  }

  /** Keeps `value` until `until` (ms), if nothing changed since `generation` began. */
  set(key: string, value: T, until: number, generation: number): void {
    if (!this.live || generation !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, until });
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  /** Whether changes are being heard; until they are again, nothing is kept. */
  setLive(live: boolean): void {
    this.live = live;
    this.invalidate();
  }

  get size(): number {
    return this.entries.size;
  }
}
