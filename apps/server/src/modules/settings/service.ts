import {
  type ConsoleSettings,
  consoleSettingsSchema,
  DEFAULT_CONSOLE_SETTINGS,
  type PasswordPolicy,
  passwordPolicyOf,
  type UpdateConsoleSettings,
} from '@gatehouse/contract';
import type { Database, Executor } from '../../db/client.ts';
import { type AuditContext, auditedChange } from '../../lib/audit.ts';
import * as repo from './repository.ts';

const ENTITY = 'console-settings';

/**
 * How long an instance reuses the settings it read. Every authenticated request consults the
 * password maximum age, so without this each would cost a query; a change made on another
 * instance applies here within this time, one made here at once.
 */
const SETTINGS_CACHE_MS = 5_000;

/** Console-wide settings: the defaults, overridden by what an administrator saved. */
export class SettingsService {
  private cached: { settings: Promise<ConsoleSettings>; at: number } | undefined;

  constructor(private readonly db: Database) {}

  async get(): Promise<ConsoleSettings> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at >= SETTINGS_CACHE_MS) {
      const settings = settingsIn(this.db);
      this.cached = { settings, at: now };
      // A failed read is not kept: the next call tries again.
      settings.catch(() => {
        if (this.cached?.settings === settings) this.cached = undefined;
      });
    }
    return this.cached.settings;
  }

  /** The password policy the settings set (the cached read). */
  async passwordPolicy(): Promise<PasswordPolicy> {
    return passwordPolicyOf(await this.get());
  }

  async update(input: UpdateConsoleSettings, ctx: AuditContext): Promise<ConsoleSettings> {
    try {
      return await auditedChange(this.db, ctx, { entity: ENTITY, action: 'update' }, async (tx) => {
        const before = await settingsIn(tx);
        await repo.upsert(tx, input);
        return { entityId: ENTITY, before, after: { ...before, ...input } };
      });
    } finally {
      this.cached = undefined;
    }
  }
}

/**
 * The defaults, overridden by the stored values that still pass the schema; read afresh
 * through `db` (a transaction's, say), without the cache.
 */
export async function settingsIn(db: Executor): Promise<ConsoleSettings> {
  const stored = await repo.findAll(db);
  const merged: Record<string, unknown> = { ...DEFAULT_CONSOLE_SETTINGS };
  for (const key of Object.keys(merged) as (keyof ConsoleSettings)[]) {
    // A stored value that no longer passes the schema falls back to the default.
    const parsed = consoleSettingsSchema.shape[key].safeParse(stored[key]);
    if (parsed.success) merged[key] = parsed.data;
  }
  return merged as ConsoleSettings;
}
