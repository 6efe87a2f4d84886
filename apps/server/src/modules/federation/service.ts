import { createHash } from 'node:crypto';
import {
  type CreateIdentityProvider,
  FEDERATION_MESSAGES,
  IDENTITY_MESSAGES,
  type IdentityProvider,
  type IdentityProviderListQuery,
  type IdentityProviderType,
  type MappingRule,
  m,
  OIDC_CALLBACK_PATH,
  type Page,
  type ProviderTestResult,
  SAML_METADATA_PATH,
  SSO_CONSUMER_PATH,
  type Status,
  type UpdateIdentityProvider,
} from '@gatehouse/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { AppScope } from '../../lib/app-scope.ts';
import type { AuditContext } from '../../lib/audit.ts';
import { type EntityAudit, entityAudit, foundByUuid, pageOf } from '../../lib/entity-service.ts';
import { AppError, type FieldMessages, forbidden, validationFailed } from '../../lib/errors.ts';
import { actorOf, assertMayAssignGroups, assertMayAssignRoles } from '../access/delegation.ts';
import { assertAllowedTarget, fetchOnce, type OutboundPolicy } from '../webhooks/outbound.ts';
import { scheduleSync } from './ldap-repository.ts';
import * as repo from './provider-repository.ts';
import { sealSecret, toProviderRecord } from './providers.ts';
import { parseIdpMetadata } from './saml.ts';
import type { ProviderRecord, StoredSamlIdp, StoredSettings } from './types.ts';

const ENTITY = 'identity-provider';

/** A metadata URL must answer within this long… */
const METADATA_TIMEOUT_MS = 5_000;
/** …with at most this much, as much as the form takes pasted (`samlSettingsSchema`). */
const METADATA_MAX_BYTES = 200_000;

/**
 * Tries a provider's settings against its upstream (discovery, metadata, a bind): each
 * protocol's module exports one (`testOidc`, `testSaml`, `testLdap`). A tester answers what
 * failed in its steps rather than throwing.
 */
export type ProviderTester = (provider: ProviderRecord) => Promise<ProviderTestResult>;
export type ProviderTesters = Partial<Record<IdentityProviderType, ProviderTester>>;

export type IdentityProviderDeps = {
  /** Seals the OIDC client secret and the LDAP bind password (lib/server-key.ts). */
  serverKey: Buffer;
  /** The public origin that the redirect URI, the SP metadata URL and the ACS URL are built on. */
  origin: () => string;
  /** The SSRF guard of a SAML metadata URL: the webhooks' (GATEHOUSE_WEBHOOK_ALLOW_HTTP/_PRIVATE). */
  outbound: OutboundPolicy;
  testers: ProviderTesters;
};

type ProviderInput = CreateIdentityProvider | UpdateIdentityProvider;

/** What a save writes besides the common columns: the settings and the sealed secret. */
type Saved = { settings: StoredSettings; secretSealed: string | null };

/** The SHA-256 fingerprint of a certificate (base64 DER), as `openssl x509 -fingerprint` prints it. */
function fingerprint(certificate: string): string {
  const hex = createHash('sha256').update(Buffer.from(certificate, 'base64')).digest('hex').toUpperCase();
  return hex.match(/../g)!.join(':');
}

const rulesOf = (row: repo.ProviderRow) => (row.settings as StoredSettings).rules;
const targetsOf = (rules: MappingRule[], target: MappingRule['target']) =>
  rules.filter((r) => r.target === target).map((r) => r.targetId);

const blankAsNull = (value: string | null | undefined) => (value ? value : null);

function toProvider(row: repo.ListedProvider, origin: string): IdentityProvider {
  const settings = row.settings as StoredSettings;
  const { providerId } = row;
  const hasSecret = row.secretSealed !== null;
  const spMetadataUrl = `${origin}${SAML_METADATA_PATH}/${providerId}`;
  const saml = settings.saml;
  return {
    providerId,
    type: row.type,
    name: row.name,
    description: row.description,
    enabled: row.enabled,
    isDefault: row.isDefault,
    jitProvisioning: settings.jitProvisioning,
    trustEmail: settings.trustEmail,
    trustMfa: settings.trustMfa,
    mfaValues: settings.mfaValues,
    attributes: settings.attributes,
    rules: settings.rules,
    oidc: settings.oidc ? { ...settings.oidc, hasClientSecret: hasSecret } : null,
    saml: saml
      ? {
          metadataUrl: saml.metadataUrl ?? null,
          spEntityId: saml.spEntityId || spMetadataUrl,
          nameIdFormat: saml.nameIdFormat ?? null,
          spMetadataUrl,
          acsUrl: `${origin}${SSO_CONSUMER_PATH}/${providerId}`,
          idp: {
            entityId: saml.idp.entityId,
            ssoUrl: saml.idp.ssoUrl,
            certificateFingerprints: saml.idp.certificates.map(fingerprint),
          },
        }
      : null,
    ldap: settings.ldap ? { ...settings.ldap, hasBindPassword: hasSecret } : null,
    redirectUri: row.type === 'oidc' ? `${origin}${OIDC_CALLBACK_PATH}/${providerId}` : null,
    linkedUsers: row.linkedUsers,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    createdDate: row.createdAt.toISOString(),
    lastModifiedDate: row.updatedAt.toISOString(),
  };
}

/**
 * Identity providers are the platform's: a grant limited to some applications (a delegated
 * administrator) reaches none of them, as it reaches no platform webhook.
 */
function assertPlatformWide(scope: AppScope): void {
  if (scope !== 'all') throw forbidden();
}

const metadataInvalid = (field: string, reason: string) =>
  validationFailed({ [field]: m(FEDERATION_MESSAGES.metadataInvalid.key, { reason }) });

/**
 * The IdP's metadata as the SAML module reads it, or a 400 on `field`. A document with a DTD
 * is refused before any parser sees it (no entity expansion, no external entity), and a
 * parser's failure of any kind is the form's message, never a 500.
 */
function readMetadata(xml: string, field: string): StoredSamlIdp {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml))
    throw metadataInvalid(field, 'a document type declaration is not allowed');
  try {
    return parseIdpMetadata(xml, field);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 400) {
      const message = err.fields ? Object.values(err.fields)[0] : undefined;
      throw validationFailed({ [field]: message ?? err.reason });
    }
    throw metadataInvalid(field, 'not SAML 2.0 metadata');
  }
}

/**
 * The Provider screen (issue 30): identity providers' settings, each change audited without
 * its secret. The OIDC client secret and the LDAP bind password are write-only: sealed with
 * the server key into `secret_sealed`, kept when an update leaves them out, and shown only as
 * `hasClientSecret` / `hasBindPassword`. A SAML provider's IdP metadata is read on each save,
 * from the pasted XML or its URL. A provider is a way to hand out the roles and groups its
 * rules name, so only a caller who could give those by hand changes it (`assertMayHandOut`).
 */
export class IdentityProviderService {
  private readonly audit: EntityAudit;

  constructor(
    private readonly db: Database,
    private readonly deps: IdentityProviderDeps,
  ) {
    this.audit = entityAudit(db, ENTITY);
  }

  private item(row: repo.ListedProvider): IdentityProvider {
    return toProvider(row, this.deps.origin());
  }

  async list(query: IdentityProviderListQuery, scope: AppScope): Promise<Page<IdentityProvider>> {
    assertPlatformWide(scope);
    return pageOf(await repo.list(this.db, query), (row) => this.item(row));
  }

  async get(providerId: string, scope: AppScope): Promise<IdentityProvider> {
    assertPlatformWide(scope);
    return this.item(await foundByUuid(providerId, (id) => repo.find(this.db, id)));
  }

  async create(input: CreateIdentityProvider, ctx: AuditContext, scope: AppScope): Promise<IdentityProvider> {
    assertPlatformWide(scope);
    assertDefaultAllowed(input);
    const saml = await this.samlMetadata(input, null);
    return this.audit.change(ctx, 'create', async (tx) => {
      await this.assertTargetsExist(tx, input.rules);
      await this.assertMayHandOut(tx, ctx, scope, input.rules);
      const saved = this.saved(input, null, saml);
      if (input.isDefault) await repo.clearDefault(tx, null);
      const row = await repo.insert(tx, {
        type: input.type,
        name: input.name,
        description: input.description || null,
        enabled: input.enabled,
        isDefault: input.isDefault,
        ...saved,
      });
      if (input.type === 'ldap' && input.ldap.syncIntervalMinutes) await scheduleSync(tx, row.providerId);
      const after = this.item((await repo.find(tx, row.providerId))!);
      return { entityId: row.providerId, after };
    });
  }

  /** Replaces the settings; the type stays, and a secret left out stays too. */
  async update(input: UpdateIdentityProvider, ctx: AuditContext, scope: AppScope): Promise<IdentityProvider> {
    assertPlatformWide(scope);
    const current = await foundByUuid(input.providerId, (id) => repo.find(this.db, id));
    assertSameType(current, input);
    assertDefaultAllowed(input);
    const saml = await this.samlMetadata(input, current);
    return this.audit.change(ctx, 'update', async (tx) => {
      const before = await foundByUuid(input.providerId, (id) => repo.findForUpdate(tx, id));
      assertSameType(before, input);
      await this.assertTargetsExist(tx, input.rules);
      await this.assertMayHandOut(tx, ctx, scope, [...rulesOf(before), ...input.rules]);
      const saved = this.saved(input, before, saml);
      if (input.isDefault) await repo.clearDefault(tx, input.providerId);
      await repo.update(tx, input.providerId, {
        name: input.name,
        description: input.description || null,
        enabled: input.enabled,
        isDefault: input.isDefault,
        ...saved,
      });
      // A sync interval set now starts its first run now, not at the next restart.
      if (input.type === 'ldap' && input.ldap.syncIntervalMinutes) await scheduleSync(tx, input.providerId);
      const after = this.item((await repo.find(tx, input.providerId))!);
      return { entityId: input.providerId, before: this.item(before), after };
    });
  }

  async setStatus(
    providerId: string,
    status: Status,
    ctx: AuditContext,
    scope: AppScope,
  ): Promise<IdentityProvider> {
    assertPlatformWide(scope);
    return this.audit.change(ctx, 'status', async (tx) => {
      const before = await foundByUuid(providerId, (id) => repo.findForUpdate(tx, id));
      await this.assertMayHandOut(tx, ctx, scope, rulesOf(before));
      await repo.update(tx, providerId, { enabled: status === 'ENABLED' });
      const after = this.item((await repo.find(tx, providerId))!);
      return { entityId: providerId, before: this.item(before), after };
    });
  }

  /**
   * Deletes the provider with its users' identities at it, its flows and its record of what
   * its rules gave (by cascade); applications that allowed it no longer list it. The users
   * stay, and so do the roles and groups its rules gave them: those are no longer taken back.
   */
  async remove(providerId: string, ctx: AuditContext, scope: AppScope): Promise<void> {
    assertPlatformWide(scope);
    await this.audit.change(ctx, 'delete', async (tx) => {
      const before = await foundByUuid(providerId, (id) => repo.findForUpdate(tx, id));
      await this.assertMayHandOut(tx, ctx, scope, rulesOf(before));
      await repo.dropFromLimits(tx, providerId);
      await repo.remove(tx, providerId);
      return { entityId: providerId, before: this.item(before), after: null };
    });
  }

  /**
   * Tries the provider's settings against its upstream, enabled or not; changes nothing, so it
   * is not audited. A protocol whose tester this server lacks, or a tester that throws,
   * answers a failed step rather than an error.
   */
  async test(providerId: string, scope: AppScope, ctx: AuditContext): Promise<ProviderTestResult> {
    assertPlatformWide(scope);
    // It makes this server connect where the provider says: an administrator's call, as its save is.
    if (!(await actorOf(this.db, ctx)).holdings.administrator)
      throw forbidden(IDENTITY_MESSAGES.administratorOnly);
    const row = await foundByUuid(providerId, (id) => repo.find(this.db, id));
    const tester = this.deps.testers[row.type];
    if (!tester) {
      return { ok: false, steps: [{ step: 'test', ok: false, detail: `No test for ${row.type} providers` }] };
    }
    try {
      return await tester(toProviderRecord(this.deps.serverKey, row));
    } catch (err) {
      const detail = err instanceof Error ? err.message.slice(0, 500) : 'The test failed';
      return { ok: false, steps: [{ step: 'test', ok: false, detail }] };
    }
  }

  /** Each rule names a role or group that exists, else a 400 on `rules.N.targetId`. */
  private async assertTargetsExist(tx: Executor, rules: MappingRule[]): Promise<void> {
    const roles = await repo.existingRoles(tx, [...new Set(targetsOf(rules, 'role'))]);
    const groups = await repo.existingGroups(tx, [...new Set(targetsOf(rules, 'group'))]);
    const fields: Record<string, FieldMessages[string]> = {};
    rules.forEach((rule, index) => {
      if (rule.target === 'role' && !roles.has(rule.targetId))
        fields[`rules.${index}.targetId`] = IDENTITY_MESSAGES.unknownRole;
      if (rule.target === 'group' && !groups.has(rule.targetId))
        fields[`rules.${index}.targetId`] = IDENTITY_MESSAGES.unknownGroup;
    });
    if (Object.keys(fields).length > 0) throw validationFailed(fields);
  }

  /**
   * A provider hands out what its rules name to whoever its upstream vouches for, so changing
   * one (its rules, its upstream, whether it is on) is handing those out: 403 unless the
   * caller may give each of those roles and groups by hand (modules/access/delegation.ts).
   * A provider whose rules give the Administrator role is thus an administrator's to change.
   */
  /**
   * Only an administrator manages identity providers. Whoever controls a provider's upstream
   * (its issuer, certificate, directory) and its trust settings (email, MFA) decides who signs
   * in as whom, administrators included; that is not a right to delegate. The rules' roles and
   * groups are checked as any hand-out is, too.
   */
  private async assertMayHandOut(tx: Executor, ctx: AuditContext, scope: AppScope, rules: MappingRule[]) {
    const actor = await actorOf(tx, ctx);
    if (!actor.holdings.administrator) throw forbidden(IDENTITY_MESSAGES.administratorOnly);
    const roleIds = [...new Set(targetsOf(rules, 'role'))];
    const groupIds = [...new Set(targetsOf(rules, 'group'))];
    await assertMayAssignRoles(tx, actor, roleIds, scope);
    await assertMayAssignGroups(tx, actor, groupIds, scope);
  }

  /**
   * A SAML provider's IdP metadata on save: the pasted XML, else what its URL answers now,
   * else (an update that gives neither) what was stored. Read before the transaction, since
   * the URL may take seconds.
   */
  private async samlMetadata(
    input: ProviderInput,
    current: repo.ProviderRow | null,
  ): Promise<{ xml: string; idp: StoredSamlIdp } | null> {
    if (input.type !== 'saml') return null;
    const xml = input.saml.metadataXml?.trim();
    if (xml) return { xml, idp: readMetadata(xml, 'saml.metadataXml') };
    if (input.saml.metadataUrl) {
      const fetched = await this.fetchMetadata(input.saml.metadataUrl);
      return { xml: fetched, idp: readMetadata(fetched, 'saml.metadataUrl') };
    }
    const stored = (current?.settings as StoredSettings | undefined)?.saml;
    if (stored) return { xml: stored.metadataXml, idp: stored.idp };
    throw validationFailed({ 'saml.metadataXml': FEDERATION_MESSAGES.metadataRequired });
  }

  /** GET of the metadata URL through the webhooks' SSRF guard, with a deadline and a size cap. */
  private async fetchMetadata(url: string): Promise<string> {
    const field = 'saml.metadataUrl';
    await assertAllowedTarget(url, this.deps.outbound, field);
    const answer = await fetchOnce(
      url,
      { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
      { ...this.deps.outbound, timeoutMs: METADATA_TIMEOUT_MS, maxBytes: METADATA_MAX_BYTES + 1 },
    );
    if (answer.error !== null) throw metadataInvalid(field, answer.error);
    if (answer.status !== 200) throw metadataInvalid(field, `HTTP ${answer.status}`);
    const body = answer.body ?? '';
    if (Buffer.byteLength(body) > METADATA_MAX_BYTES)
      throw metadataInvalid(field, `larger than ${METADATA_MAX_BYTES} bytes`);
    return body;
  }

  /** The settings and sealed secret a save writes: a secret given replaces the stored one. */
  private saved(
    input: ProviderInput,
    before: repo.ProviderRow | null,
    saml: { xml: string; idp: StoredSamlIdp } | null,
  ): Saved {
    const common = {
      jitProvisioning: input.jitProvisioning,
      trustEmail: input.trustEmail,
      trustMfa: input.trustMfa,
      mfaValues: input.mfaValues,
      attributes: input.attributes,
      rules: input.rules,
    };
    const sealedOr = (secret: string | null | undefined) =>
      secret ? sealSecret(this.deps.serverKey, secret) : (before?.secretSealed ?? null);
    switch (input.type) {
      case 'oidc': {
        const { clientSecret, ...oidc } = input.oidc;
        return { settings: { ...common, oidc }, secretSealed: sealedOr(clientSecret) };
      }
      case 'ldap': {
        const { bindPassword, ...ldap } = input.ldap;
        const secretSealed = sealedOr(bindPassword);
        if (secretSealed === null)
          throw validationFailed({ 'ldap.bindPassword': FEDERATION_MESSAGES.secretRequired });
        return {
          settings: {
            ...common,
            ldap: {
              ...ldap,
              groupBase: blankAsNull(ldap.groupBase),
              groupFilter: blankAsNull(ldap.groupFilter),
              groupNameAttribute: blankAsNull(ldap.groupNameAttribute),
              syncIntervalMinutes: ldap.syncIntervalMinutes ?? null,
            },
          },
          secretSealed,
        };
      }
      case 'saml': {
        const { metadataUrl, spEntityId, nameIdFormat } = input.saml;
        return {
          settings: {
            ...common,
            saml: {
              metadataUrl: metadataUrl ?? null,
              spEntityId: blankAsNull(spEntityId),
              nameIdFormat: blankAsNull(nameIdFormat),
              metadataXml: saml!.xml,
              idp: saml!.idp,
            },
          },
          secretSealed: null,
        };
      }
    }
  }
}

/** Only a SAML provider can be the default (the one `/auth?loginType=GatehouseSSO` starts). */
function assertDefaultAllowed(input: ProviderInput): void {
  if (input.isDefault && input.type !== 'saml')
    throw validationFailed({ isDefault: FEDERATION_MESSAGES.oneDefault });
}

/** A provider keeps its type: another type is a new provider. */
function assertSameType(row: repo.ProviderRow, input: UpdateIdentityProvider): void {
  if (row.type !== input.type) throw validationFailed({ type: FEDERATION_MESSAGES.wrongType });
}
