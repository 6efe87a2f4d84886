import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import type { RequestMeta } from '../../lib/auth-state.ts';
import { AppError } from '../../lib/errors.ts';
import type { ClaimedJob, JobRunner } from '../../lib/jobs.ts';
import type { AccountRow } from '../access/repository.ts';
import { type LdapConnect, LdapDirectory, normalizeDn } from './ldap.ts';
import * as ldapRepo from './ldap-repository.ts';
import { toProviderRecord } from './providers.ts';
import type { ProviderRecord, StoredSettings, UpstreamIdentity } from './types.ts';

/**
 * The scheduled sync of an LDAP directory (`syncIntervalMinutes`): a job of the queue
 * `federation.ldap.sync` reads the directory's people a page at a time (a paged search) and,
 * for each one linked to a user, applies the provider's mapping and rules as a sign-in would
 * (name, email, phone, organization; the roles and groups the rules give or take back, audited
 * as `federation.mapping`). People not linked yet are created only where the provider creates
 * users at first sign-in. Nothing is disabled or unlinked: the identities the directory no
 * longer shows are named in the sync's own audit record (`identity-provider` `sync`) and the
 * log, for an administrator to decide. The job then sets `last_sync_at` and becomes the next
 * run, `syncIntervalMinutes` later.
 */

/** What the sync needs of federation's core: the same mapping and resolution a sign-in uses. */
export type SyncCore = {
  applyMapping(
    provider: ProviderRecord,
    upstream: UpstreamIdentity,
    userId: string,
    meta: RequestMeta,
  ): Promise<void>;
  resolveUser(provider: ProviderRecord, upstream: UpstreamIdentity, meta: RequestMeta): Promise<AccountRow>;
};

export type SyncSummary = {
  /** People the directory showed. */
  people: number;
  /** Of them, linked to a user: their mapping applied. */
  linked: number;
  /** Created now (just-in-time provisioning on). */
  created: number;
  /** Refused by the core (a taken email …), or failed: named in the log. */
  failed: number;
  /** Identities of this provider the directory no longer shows (nothing done to them). */
  missing: { userId: string; subject: string }[];
};

export type LdapSyncDeps = {
  db: Database;
  serverKey: Buffer;
  core: SyncCore;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  connect?: LdapConnect;
};

/** A sync's claim holds its job this long: a large directory's pages take a while. */
const SYNC_LEASE_MS = 30 * 60_000;
/** The audit trail names at most this many missing identities; the count is always there. */
const MISSING_NAMED = 200;

export class LdapSync {
  constructor(private readonly deps: LdapSyncDeps) {}

  register(runner: JobRunner): void {
    runner.register<{ providerId: string }>(ldapRepo.LDAP_SYNC_QUEUE, (job) => this.run(job), {
      concurrency: 1,
      leaseMs: SYNC_LEASE_MS,
      maxAttempts: 5,
      backoffMs: (attempt) => Math.min(3_600_000, 60_000 * 2 ** attempt),
    });
  }

  /**
   * Schedules the directories whose sync has no job (after a start, or a save that set the
   * interval): due one interval after their last sync, or now if they never synced.
   */
  async ensureScheduled(): Promise<number> {
    let scheduled = 0;
    for (const row of await ldapRepo.unscheduledSyncs(this.deps.db)) {
      const minutes = (row.settings as StoredSettings).ldap?.syncIntervalMinutes;
      if (!minutes) continue;
      const due = row.lastSyncAt ? new Date(row.lastSyncAt.getTime() + minutes * 60_000) : undefined;
      if (await ldapRepo.scheduleSync(this.deps.db, row.providerId, due)) scheduled++;
    }
    return scheduled;
  }

  private async run(job: ClaimedJob<{ providerId: string }>): Promise<void> {
    const row = await ldapRepo.findLdapProvider(this.deps.db, job.payload.providerId);
    const minutes = (row?.settings as StoredSettings | undefined)?.ldap?.syncIntervalMinutes;
    // A directory deleted, disabled or no longer synced: its job ends here (a save schedules it again).
    if (!row?.enabled || !minutes) return;
    if (await ldapRepo.olderSyncJob(this.deps.db, row.providerId, job.id)) return;
    await this.syncProvider(row);
    await this.deps.db.execute(job.rescheduling(new Date(Date.now() + minutes * 60_000)));
    job.settled();
  }

  /** One sync of a directory, now. */
  async syncProvider(row: ldapRepo.LdapProviderRow): Promise<SyncSummary> {
    const provider = toProviderRecord(this.deps.serverKey, row);
    const meta: RequestMeta = {
      actorId: null,
      actorName: `LDAP sync: ${provider.name}`.slice(0, 100),
      ip: null,
      requestId: null,
      userAgent: null,
    };
    const summary: SyncSummary = { people: 0, linked: 0, created: 0, failed: 0, missing: [] };
    const seen: string[] = [];

    const directory = new LdapDirectory(provider, this.deps.connect);
    for await (const page of directory.people()) {
      for (const upstream of page) {
        summary.people++;
        const dn = upstream.attributes.dn?.[0];
        const candidates = [upstream.subject, ...(dn ? [normalizeDn(dn)] : [])];
        seen.push(...candidates);
        try {
          const linked = await ldapRepo.linkedSubject(this.deps.db, provider.providerId, candidates);
          if (linked) {
            await this.deps.core.applyMapping(
              provider,
              { ...upstream, subject: linked.subject },
              linked.userId,
              meta,
            );
            summary.linked++;
          } else if (provider.settings.jitProvisioning) {
            await this.deps.core.resolveUser(provider, upstream, meta);
            summary.created++;
          }
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          summary.failed++;
          this.deps.log.warn(
            { providerId: provider.providerId, subject: upstream.subject, reason: err.reason.key },
            'The LDAP sync left a person out',
          );
        }
      }
    }
    // Read after the pages: the people created meanwhile are among the seen.
    const seenSet = new Set(seen);
    summary.missing = (await ldapRepo.identitiesAt(this.deps.db, provider.providerId))
      .filter((identity) => !seenSet.has(identity.subject))
      .map(({ userId, subject }) => ({ userId, subject }));
    await ldapRepo.stampSync(this.deps.db, provider.providerId);
    await audit(this.deps.db, meta, {
      action: 'sync',
      entity: 'identity-provider',
      entityId: provider.providerId,
      after: {
        providerName: provider.name,
        people: summary.people,
        linked: summary.linked,
        created: summary.created,
        failed: summary.failed,
        missingCount: summary.missing.length,
        missing: summary.missing.slice(0, MISSING_NAMED),
      },
    });
    const log = summary.missing.length > 0 ? this.deps.log.warn : this.deps.log.info;
    log.call(
      this.deps.log,
      { providerId: provider.providerId, ...summary, missing: summary.missing.slice(0, 20) },
      summary.missing.length > 0
        ? 'LDAP sync done; some linked people are no longer in the directory (nothing was disabled)'
        : 'LDAP sync done',
    );
    return summary;
  }
}
