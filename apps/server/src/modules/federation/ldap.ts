import type { ConnectionOptions } from 'node:tls';
import type { ProviderTestResult } from '@gatehouse/contract';
import { DEFAULT_ATTRIBUTES } from '@gatehouse/contract';
import {
  Client,
  type ClientOptions,
  type Entry,
  Filter,
  InvalidCredentialsError,
  ResultCodeError,
  SizeLimitExceededError,
} from 'ldapts';
import type { ProviderRecord, UpstreamIdentity } from './types.ts';

/**
 * LDAP and Active Directory: the password typed in Gatehouse's own sign-in form is checked by
 * binding as the person. A sign-in is one connection (ldaps, or ldap upgraded with StartTLS):
 * bind as the service account, find the person under `userBase` with `userFilter` (exactly one
 * entry, or nobody signs in), read their groups, then bind as their DN with the typed password.
 * An empty password never reaches the directory: an LDAP server takes a simple bind with a DN
 * and no password as an unauthenticated bind, and answers it with success (RFC 4513 §5.1.2).
 * Every value placed in a filter is escaped (RFC 4515), so a username such as `*)(uid=*`
 * finds nobody.
 *
 * The subject of a person's identity is their entry's `entryUUID` (RFC 4530; OpenLDAP, 389 DS)
 * or `objectGUID` (Active Directory) when the directory gives one, else their DN, normalised
 * (`normalizeDn`). A DN changes when a person is renamed or moved, and a DN freed when someone
 * leaves can be given to someone else, who would then sign in as the one who left; the UUID
 * stays with the entry and is never reused. An identity an administrator linked by DN still
 * signs in (see `ldap-sign-in.ts`).
 */

/** How long a connection (TCP and TLS) may take to open. */
export const LDAP_CONNECT_TIMEOUT_MS = 5_000;
/** How long one operation (bind, search) may take. */
export const LDAP_OPERATION_TIMEOUT_MS = 10_000;
/** A sync reads the directory's people this many at a time (a paged search, RFC 2696). */
export const LDAP_PAGE_SIZE = 200;

const DEFAULT_GROUP_FILTER = '(|(member={dn})(uniqueMember={dn})(memberUid={username}))';
const DEFAULT_GROUP_NAME_ATTRIBUTE = 'cn';
/** An entry's attribute never passed on: secrets (hashes), and binary values that are no text. */
const WITHHELD = new Set(
  [
    'userPassword',
    'unicodePwd',
    'ntPwdHistory',
    'lmPwdHistory',
    'supplementalCredentials',
    'sambaNTPassword',
    'sambaLMPassword',
    'objectGUID',
    'objectSid',
    'jpegPhoto',
    'thumbnailPhoto',
    'userCertificate',
    'userSMIMECertificate',
    'msExchMailboxGuid',
  ].map((a) => a.toLowerCase()),
);
/** Asked for as bytes: the binary attributes an entry may carry (the rest come as text). */
const BINARY = ['objectGUID', 'objectSid', 'jpegPhoto', 'thumbnailPhoto', 'userCertificate'];
/** Every user attribute, and the operational attribute that names the entry for good. */
const USER_ATTRIBUTES = ['*', 'entryUUID', 'objectGUID'];

/** The part of ldapts' client a sign-in uses; tests pass their own (`LdapConnect`). */
export type LdapClient = Pick<Client, 'startTLS' | 'bind' | 'search' | 'searchPaginated' | 'unbind'>;
export type LdapConnect = (options: ClientOptions) => LdapClient;
const connectLdapts: LdapConnect = (options) => new Client(options);

/** The directory could not be asked (connection, TLS, timeout, the service account refused): not the person's fault. */
export class LdapUnavailable extends Error {
  constructor(
    readonly step: string,
    cause: unknown,
  ) {
    super(`LDAP ${step}: ${errorText(cause)}`, { cause });
    this.name = 'LdapUnavailable';
  }
}

/** What a password check found: the person, or why not (nobody found; several; a wrong password). */
export type PasswordCheck =
  | { ok: true; upstream: UpstreamIdentity }
  | { ok: false; reason: 'unknown-account' | 'ambiguous' | 'wrong-password' | 'empty-password' };

/**
 * A filter template with its placeholders filled: `{username}`, `{dn}` and any other named in
 * `values`, each escaped (RFC 4515: `*`, `(`, `)`, `\` and NUL as `\xx`). A placeholder with no
 * value is left as it is, and the server refuses the filter.
 */
export function fillFilter(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? Filter.escape(values[name]!) : whole,
  );
}

/** A DN as a subject: its RDNs trimmed and lower-cased, escapes kept (`uid=Alice, ou=People` → `uid=alice,ou=people`). */
export function normalizeDn(dn: string): string {
  const rdns: string[] = [];
  let current = '';
  for (let i = 0; i < dn.length; i++) {
    const c = dn[i]!;
    if (c === '\\' && i + 1 < dn.length) {
      current += c + dn[i + 1];
      i++;
    } else if (c === ',' || c === ';') {
      rdns.push(current);
      current = '';
    } else current += c;
  }
  rdns.push(current);
  return rdns
    .map((rdn) =>
      rdn
        .split('+')
        .map((ava) => {
          const eq = ava.indexOf('=');
          return eq < 0 ? ava.trim() : `${ava.slice(0, eq).trim()}=${ava.slice(eq + 1).trim()}`;
        })
        .join('+'),
    )
    .join(',')
    .toLowerCase();
}

/** Active Directory's objectGUID (16 bytes, the first three fields little-endian) as its usual text. */
export function guidText(bytes: Buffer): string {
  const hex = (from: number, to: number, reverse: boolean) => {
    const part = [...bytes.subarray(from, to)];
    return (reverse ? part.reverse() : part).map((b) => b.toString(16).padStart(2, '0')).join('');
  };
  return [hex(0, 4, true), hex(4, 6, true), hex(6, 8, true), hex(8, 10, false), hex(10, 16, false)].join('-');
}

function settingsOf(provider: ProviderRecord) {
  const ldap = provider.settings.ldap;
  if (provider.type !== 'ldap' || !ldap)
    throw new Error(`provider ${provider.providerId} is not an LDAP directory`);
  return ldap;
}

/** An entry's values as lists of strings: its attributes as the mapping and rules read them. */
function attributesOf(entry: Entry): Record<string, string[]> {
  const attributes: Record<string, string[]> = {};
  for (const [name, raw] of Object.entries(entry)) {
    if (name === 'dn' || WITHHELD.has(name.toLowerCase())) continue;
    const values = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => (typeof v === 'string' ? [v] : []));
    if (values.length > 0) attributes[name] = values;
  }
  attributes.dn = [entry.dn];
  return attributes;
}

/** The entry's lasting id: entryUUID, objectGUID, else its normalised DN. */
function subjectOf(entry: Entry): string {
  const uuid = entry.entryUUID ?? entry.entryuuid;
  const first = Array.isArray(uuid) ? uuid[0] : uuid;
  if (typeof first === 'string' && first.trim() !== '') return first.trim().toLowerCase();
  const guid = Array.isArray(entry.objectGUID) ? entry.objectGUID[0] : entry.objectGUID;
  if (Buffer.isBuffer(guid) && guid.length === 16) return guidText(guid);
  return normalizeDn(entry.dn);
}

/** An entry's values of an attribute, without regard to the name's case. */
function firstKey(attributes: Record<string, string[]>, name: string): string[] | undefined {
  const key = Object.keys(attributes).find((k) => k.toLowerCase() === name.toLowerCase());
  return key ? attributes[key] : undefined;
}

/** The first value of an entry's attribute, without regard to the name's case. */
function firstValue(attributes: Record<string, string[]>, name: string): string | undefined {
  return firstKey(attributes, name)?.[0];
}

/** A group's name from its DN (`memberOf`): the value of its first RDN (`cn=gh-admins,ou=…` → `gh-admins`). */
function firstRdnValue(dn: string): string {
  const match = /^[^=]+=((?:\\.|[^,+\\])*)/.exec(dn.trim());
  return (match?.[1] ?? '').replace(/\\(.)/g, '$1').trim();
}

/**
 * One LDAP directory (a provider of type `ldap`): its password check, its people page by page
 * for a sync, and the Provider screen's test. Each call opens its own connection and closes it.
 */
export class LdapDirectory {
  private readonly settings: ReturnType<typeof settingsOf>;

  constructor(
    private readonly provider: ProviderRecord,
    private readonly connect: LdapConnect = connectLdapts,
  ) {
    this.settings = settingsOf(provider);
  }

  /**
   * Checks `password` for `username`: the one entry the user filter finds, bound to with the
   * password. An empty (or blank) password is refused here, before any connection.
   * Throws `LdapUnavailable` when the directory cannot be asked.
   */
  async checkPassword(username: string, password: string): Promise<PasswordCheck> {
    if (password.trim() === '') return { ok: false, reason: 'empty-password' };
    if (username.trim() === '') return { ok: false, reason: 'unknown-account' };
    return this.session(async (client) => {
      const filter = fillFilter(this.settings.userFilter, { username });
      let entries: Entry[];
      try {
        ({ searchEntries: entries } = await client.search(this.settings.userBase, {
          scope: 'sub',
          filter,
          sizeLimit: 2,
          attributes: USER_ATTRIBUTES,
          explicitBufferAttributes: BINARY,
        }));
      } catch (err) {
        if (err instanceof SizeLimitExceededError) return { ok: false, reason: 'ambiguous' };
        throw new LdapUnavailable('search', err);
      }
      if (entries.length === 0) return { ok: false, reason: 'unknown-account' };
      if (entries.length > 1) return { ok: false, reason: 'ambiguous' };
      const entry = entries[0]!;
      // Read as the service account, before the bind as the person, who may not read groups.
      const upstream = await this.identityOf(client, entry, username);
      try {
        await client.bind(entry.dn, password);
      } catch (err) {
        // Any refusal of the bind (a wrong password, an account locked or expired upstream:
        // Active Directory answers those with 49 too) is the person's; a dropped connection is not.
        if (err instanceof InvalidCredentialsError || err instanceof ResultCodeError)
          return { ok: false, reason: 'wrong-password' };
        throw new LdapUnavailable('bind', err);
      }
      return { ok: true, upstream };
    });
  }

  /** The directory's people, a page at a time, each with their groups (for a sync). */
  async *people(pageSize = LDAP_PAGE_SIZE): AsyncGenerator<UpstreamIdentity[]> {
    const client = await this.open();
    try {
      const filter = fillFilter(this.settings.userFilter, {}).replaceAll('{username}', '*');
      const pages = client.searchPaginated(this.settings.userBase, {
        scope: 'sub',
        filter,
        attributes: USER_ATTRIBUTES,
        explicitBufferAttributes: BINARY,
        paged: { pageSize },
      });
      for (;;) {
        let page: IteratorResult<{ searchEntries: Entry[] }>;
        try {
          page = await pages.next();
        } catch (err) {
          throw new LdapUnavailable('search', err);
        }
        if (page.done) break;
        const identities: UpstreamIdentity[] = [];
        for (const entry of page.value.searchEntries) identities.push(await this.identityOf(client, entry));
        yield identities;
      }
    } finally {
      await client.unbind().catch(() => {});
    }
  }

  /**
   * The Provider screen's test: the connection (and TLS), the service account's bind, and how
   * many people the user filter finds under the user base. Each step says what it found; a
   * step that fails ends the test.
   */
  async test(): Promise<ProviderTestResult> {
    const steps: ProviderTestResult['steps'] = [];
    const done = () => ({ ok: steps.length > 0 && steps.every((s) => s.ok), steps });
    const url = this.settings.url;
    const tls = url.toLowerCase().startsWith('ldaps:') ? 'ldaps' : this.settings.startTls ? 'StartTLS' : null;
    const client = this.connect(this.clientOptions());
    try {
      try {
        if (this.settings.startTls) await client.startTLS(this.tlsOptions());
        // ldapts connects on the first operation: an anonymous search of the root DSE opens it.
        else await client.search('', { scope: 'base', filter: '(objectClass=*)', attributes: ['1.1'] });
        steps.push({ step: 'connect', ok: true, detail: url });
      } catch (err) {
        // A root DSE the server will not show anonymously still proves the connection.
        if (!this.settings.startTls && err instanceof ResultCodeError)
          steps.push({ step: 'connect', ok: true, detail: url });
        else {
          steps.push({ step: 'connect', ok: false, detail: `${url}: ${errorText(err)}` });
          return done();
        }
      }
      steps.push({
        step: 'tls',
        ok: true,
        detail: tls
          ? `${tls}${this.settings.tlsVerify ? '' : ' (certificate not checked)'}`
          : 'none: the password travels in clear text',
      });
      try {
        await client.bind(this.settings.bindDn, this.serviceSecret());
        steps.push({ step: 'bind', ok: true, detail: this.settings.bindDn });
      } catch (err) {
        steps.push({ step: 'bind', ok: false, detail: `${this.settings.bindDn}: ${errorText(err)}` });
        return done();
      }
      try {
        const filter = fillFilter(this.settings.userFilter, {}).replaceAll('{username}', '*');
        let found = 0;
        for await (const page of client.searchPaginated(this.settings.userBase, {
          scope: 'sub',
          filter,
          attributes: ['1.1'],
          paged: { pageSize: 500 },
        }))
          found += page.searchEntries.length;
        steps.push({ step: 'search', ok: true, detail: `${found} user(s) under ${this.settings.userBase}` });
      } catch (err) {
        steps.push({ step: 'search', ok: false, detail: `${this.settings.userBase}: ${errorText(err)}` });
      }
      return done();
    } finally {
      await client.unbind().catch(() => {});
    }
  }

  /** The upstream identity of an entry: its attributes, with its groups as `groups`. */
  private async identityOf(client: LdapClient, entry: Entry, typed?: string): Promise<UpstreamIdentity> {
    const attributes = attributesOf(entry);
    const usernameAttribute = this.provider.settings.attributes.username ?? DEFAULT_ATTRIBUTES.ldap.username;
    const username = firstValue(attributes, usernameAttribute) ?? typed ?? '';
    const memberOf = (firstKey(attributes, 'memberOf') ?? []).map(firstRdnValue).filter((v) => v !== '');
    attributes.groups = await this.groupsOf(client, entry.dn, username, [...new Set(memberOf)].sort());
    return { subject: subjectOf(entry), attributes, emailVerified: false, authnContext: [] };
  }

  /**
   * The names of the person's groups: the `groupNameAttribute` of the groups the group filter
   * finds under `groupBase`; without a group base, the first RDN values of the entry's
   * `memberOf` (Active Directory, OpenLDAP's memberof overlay).
   */
  private async groupsOf(
    client: LdapClient,
    dn: string,
    username: string,
    memberOf: string[],
  ): Promise<string[]> {
    const nameAttribute = this.settings.groupNameAttribute ?? DEFAULT_GROUP_NAME_ATTRIBUTE;
    if (!this.settings.groupBase) return memberOf;
    const filter = fillFilter(this.settings.groupFilter ?? DEFAULT_GROUP_FILTER, { dn, username });
    let entries: Entry[];
    try {
      ({ searchEntries: entries } = await client.search(this.settings.groupBase, {
        scope: 'sub',
        filter,
        attributes: [nameAttribute],
      }));
    } catch (err) {
      throw new LdapUnavailable('group search', err);
    }
    const names = entries.flatMap((group) => {
      const value = Object.entries(group).find(([k]) => k.toLowerCase() === nameAttribute.toLowerCase())?.[1];
      return (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === 'string' ? [v] : []));
    });
    return [...new Set(names)].sort();
  }

  /**
   * The service account's password. Without one the bind would be unauthenticated and succeed
   * as nobody (RFC 4513 §5.1.2): refused, like a person's empty password.
   */
  private serviceSecret(): string {
    const secret = this.provider.secret ?? '';
    if (secret.trim() === '') throw new Error('no bind password is stored');
    return secret;
  }

  private tlsOptions(): ConnectionOptions {
    return { rejectUnauthorized: this.settings.tlsVerify };
  }

  private clientOptions(): ClientOptions {
    // ldapts speaks TLS from the first byte whenever it is given TLS options, ldap:// or not:
    // a plain URL gets none, and StartTLS gets them at the upgrade.
    const ldaps = this.settings.url.toLowerCase().startsWith('ldaps:');
    return {
      url: this.settings.url,
      connectTimeout: LDAP_CONNECT_TIMEOUT_MS,
      timeout: LDAP_OPERATION_TIMEOUT_MS,
      ...(ldaps ? { tlsOptions: this.tlsOptions() } : {}),
      strictDN: false,
    };
  }

  /** A connection bound as the service account (after StartTLS where set). */
  private async open(): Promise<LdapClient> {
    const client = this.connect(this.clientOptions());
    try {
      if (this.settings.startTls) await client.startTLS(this.tlsOptions());
    } catch (err) {
      await client.unbind().catch(() => {});
      throw new LdapUnavailable('connect', err);
    }
    try {
      await client.bind(this.settings.bindDn, this.serviceSecret());
    } catch (err) {
      await client.unbind().catch(() => {});
      throw new LdapUnavailable('service bind', err);
    }
    return client;
  }

  private async session<T>(work: (client: LdapClient) => Promise<T>): Promise<T> {
    const client = await this.open();
    try {
      return await work(client);
    } finally {
      await client.unbind().catch(() => {});
    }
  }
}

/** The Provider screen's test of an LDAP directory (crud). */
export const testLdap = (provider: ProviderRecord): Promise<ProviderTestResult> =>
  new LdapDirectory(provider).test();

function errorText(err: unknown): string {
  if (err instanceof Error) {
    const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
    return `${err.message || err.name}${cause}`;
  }
  return String(err);
}
