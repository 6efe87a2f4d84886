import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { applicationClients } from './application-clients.ts';
import { applications, resources } from './applications.ts';
import { status, timestamps } from './columns.ts';

/**
 * Organizations: a tree. A node's path is read with a recursive walk up its parents, so a
 * move or a rename changes one row. A node with children or members cannot be deleted, so
 * the parent key restricts.
 */
export const organizations = pgTable(
  'organizations',
  {
    organizationId: uuid('organization_id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    description: text('description'),
    status: status(),
    parentId: uuid('parent_id').references((): AnyPgColumn => organizations.organizationId, {
      onDelete: 'restrict',
    }),
    /**
     * Enabled, and every ancestor too: its members may sign in and hold what their roles
     * grant. Kept by the organization service whenever a status or a parent changes.
     */
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('organizations_code_key').on(t.code),
    index('organizations_parent_idx').on(t.parentId),
    index('organizations_created_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.organizationId.desc().nullsFirst(),
    ),
  ],
);

export const users = pgTable(
  'users',
  {
    userId: uuid('user_id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    avatar: text('avatar'),
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    status: status(),
    organizationId: uuid('organization_id').references(() => organizations.organizationId, {
      onDelete: 'set null',
    }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** When the password was last set; the policy's maximum age counts from here (/overdue). */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * False for a user an identity provider created, whose password nobody knows: it does not
     * age (the policy's maximum age), until the user sets one (a reset link, a change).
     */
    passwordSet: boolean('password_set').notNull().default(true),
    /**
     * Whether someone other than the user vouches for `email`: an administrator set it, or a
     * provider trusted for email verified it. Set by the user themselves, it is not. Only a
     * vouched-for email may link an identity of a provider trusted for email (federation).
     */
    emailVerified: boolean('email_verified').notNull().default(false),
    /** The TOTP secret, sealed with the server key (base64url of iv | tag | ciphertext); null without 2FA. */
    totpSecret: text('totp_secret'),
    /** Set when the first code confirmed the enrolment; before that the secret is pending. */
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The TOTP time step of the last code accepted: a code of that step or an earlier one is a replay. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The console language and theme the user chose; null follows the browser. */
    language: text('language'),
    theme: text('theme'),
    /**
     * Set on a service account: the user the client-credentials tokens of this confidential
     * client act as (modules/machine-access). It holds roles like anyone, but never signs in:
     * both sign-ins look users up without it, and it has no usable password.
     */
    serviceAccountOf: uuid('service_account_of').references(() => applicationClients.acId, {
      onDelete: 'cascade',
    }),
    ...timestamps,
  },
  (t) => [
    // Usernames are unique without regard to case; sign-in looks them up the same way.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_service_account_of_key').on(t.serviceAccountOf),
    index('users_created_idx').on(t.createdAt.desc().nullsFirst(), t.userId.desc().nullsFirst()),
    index('users_organization_idx').on(t.organizationId),
  ],
);

/**
 * How a user arranged each of the console's tables: the columns they hid and the widths they
 * dragged, by table (`users`, `clients`, …), so that it follows them to another browser.
 */
export const userTablePreferences = pgTable(
  'user_table_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    tableName: text('table_name').notNull(),
    hidden: jsonb('hidden').$type<string[]>().notNull().default([]),
    widths: jsonb('widths').$type<Record<string, number>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tableName] })],
);

export const sessions = pgTable(
  'sessions',
  {
    sessionId: uuid('session_id').primaryKey().defaultRandom(),
    /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const roles = pgTable(
  'roles',
  {
    roleId: uuid('role_id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** What other systems name the role by; `administrator` is the built-in one. */
    code: text('code').notNull(),
    description: text('description'),
    status: status(),
    /** The built-in Administrator: it holds everything, and cannot be changed or deleted. */
    builtin: boolean('builtin').notNull().default(false),
    /** Its holders must sign in with a second factor; one without sets it up at the next sign-in. */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('roles_code_key').on(t.code),
    index('roles_created_idx').on(t.createdAt.desc().nullsFirst(), t.roleId.desc().nullsFirst()),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.roleId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/**
 * A role's permission grants, in any application. For `platform` the permission is a dotted
 * area id such as `app-config.client`; for another application it is the `id` of one of its
 * permissions.
 */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.roleId, { onDelete: 'cascade' }),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.applicationId, { onDelete: 'cascade' }),
    permissionId: text('permission_id').notNull(),
    // The contract's ACTIONS; `export` is offered by the Audit Log area alone (its `actionsOf`).
    actions: text('actions', { enum: ['create', 'update', 'retrieve', 'delete', 'export'] })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Delegated administration: the applications a platform grant is limited to; null is all. */
    applicationIds: text('application_ids').array(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.applicationId, t.permissionId] })],
);

export const roleResources = pgTable(
  'role_resources',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.roleId, { onDelete: 'cascade' }),
    resourceId: uuid('resource_id')
      .notNull()
      .references(() => resources.resourceId, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.resourceId] }),
    index('role_resources_resource_idx').on(t.resourceId),
  ],
);

/** Groups: their members hold the group's roles while the group is enabled. */
export const groups = pgTable(
  'groups',
  {
    groupId: uuid('group_id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    description: text('description'),
    status: status(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('groups_code_key').on(t.code),
    index('groups_created_idx').on(t.createdAt.desc().nullsFirst(), t.groupId.desc().nullsFirst()),
  ],
);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.groupId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user_idx').on(t.userId)],
);

export const groupRoles = pgTable(
  'group_roles',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.groupId, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.roleId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.roleId] }), index('group_roles_role_idx').on(t.roleId)],
);

/**
 * Personal access tokens: a user's bearer tokens for the admin API, each limited to some of
 * the console's permission/action pairs (`scope`), which count only while the owner still
 * holds them. Only the SHA-256 of the token is kept.
 */
export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    tokenId: uuid('token_id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    scope: jsonb('scope').$type<{ permissionId: string; action: string }[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute, as client secrets are. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('personal_access_tokens_hash_key').on(t.tokenHash),
    index('personal_access_tokens_user_idx').on(t.userId, t.createdAt),
  ],
);
