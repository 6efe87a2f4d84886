import type { Preferences, TablePreference, TablePreferences, UserPreferences } from '@gatehouse/contract';
import type { Database } from '../../db/client.ts';
import { type AuditContext, auditedChange } from '../../lib/audit.ts';
import type { AuthState } from '../../lib/auth-state.ts';
import * as repo from './repository.ts';

/** The signed-in user's own console preferences: language and theme. */
export class PreferencesService {
  constructor(private readonly db: Database) {}

  async update(auth: AuthState, input: Preferences, ctx: AuditContext): Promise<UserPreferences> {
    const before: UserPreferences = { language: auth.user.language, theme: auth.user.theme };
    return auditedChange(this.db, ctx, { entity: 'user', action: 'preferences.update' }, async (tx) => {
      await repo.updatePreferences(tx, auth.user.userId, input);
      return { entityId: auth.user.userId, before, after: { ...before, ...input } };
    });
  }

  /** The caller's tables as they arranged them (hidden columns, widths), by table. */
  tables(auth: AuthState): Promise<TablePreferences> {
    return repo.tablePreferences(this.db, auth.user.userId);
  }

  /**
   * Keeps the caller's arrangement of one table. Not audited: it is the look of their own
   * screen, changed with every drag of a column's edge, and grants nothing.
   */
  async saveTable(auth: AuthState, table: string, value: TablePreference): Promise<TablePreference> {
    await repo.saveTablePreference(this.db, auth.user.userId, table, value);
    return value;
  }
}
