import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { status, timestamps } from './columns.ts';
import { roles } from './identity.ts';

/**
 * The v2 catalogue of an application (access-control entries, HTTP APIs, pages and their
 * elements, data objects and sets) and the data dictionary. Every listed table has the list
 * index of its default order: (application, created_at desc, key desc).
 */

const applicationId = () =>
  text('application_id')
    .notNull()
    .references(() => applications.applicationId, { onDelete: 'cascade' });

/**
 * An access-control entry. Subject and target are record keys of other tables by type, so
 * they carry no foreign key: an entry whose subject or target is gone matches nobody.
 */
export const applicationAcls = pgTable(
  'application_acls',
  {
    aclId: uuid('acl_id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    subjectType: text('subject_type', { enum: ['USER', 'GROUP', 'ROLE', 'CLIENT'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    targetType: text('target_type', { enum: ['PERMISSION', 'RESOURCE'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    actions: text('actions', { enum: ['create', 'update', 'retrieve', 'delete'] })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: status(),
    ...timestamps,
  },
  (t) => [
    unique('application_acls_entry_key').on(
      t.applicationId,
      t.subjectType,
      t.subjectId,
      t.targetType,
      t.targetId,
    ),
    index('application_acls_app_created_idx').on(
      t.applicationId,
      t.createdAt.desc().nullsFirst(),
      t.aclId.desc().nullsFirst(),
    ),
    // The token's claims look entries up by subject.
    index('application_acls_subject_idx').on(t.subjectId),
  ],
);

/** An HTTP API of an application; `permissionIds` are record keys of its permissions. */
export const applicationApis = pgTable(
  'application_apis',
  {
    apiId: uuid('api_id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    method: text('method').notNull(),
    pathPattern: text('path_pattern').notNull(),
    description: text('description'),
    status: status(),
    permissionIds: uuid('permission_ids').array().notNull().default(sql`'{}'::uuid[]`),
    ...timestamps,
  },
  (t) => [
    unique('application_apis_method_path_key').on(t.applicationId, t.method, t.pathPattern),
    index('application_apis_app_created_idx').on(
      t.applicationId,
      t.createdAt.desc().nullsFirst(),
      t.apiId.desc().nullsFirst(),
    ),
  ],
);

export const applicationPages = pgTable(
  'application_pages',
  {
    pageId: uuid('page_id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    name: text('name').notNull(),
    route: text('route').notNull(),
    order: integer('order').notNull().default(1),
    status: status(),
    ...timestamps,
  },
  (t) => [
    unique('application_pages_route_key').on(t.applicationId, t.route),
    index('application_pages_app_created_idx').on(
      t.applicationId,
      t.createdAt.desc().nullsFirst(),
      t.pageId.desc().nullsFirst(),
    ),
  ],
);

/** A page's button; its code is unique within the application. */
export const pageElements = pgTable(
  'page_elements',
  {
    elementId: uuid('element_id').primaryKey().defaultRandom(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => applicationPages.pageId, { onDelete: 'cascade' }),
    applicationId: applicationId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [
    unique('page_elements_code_key').on(t.applicationId, t.code),
    index('page_elements_page_idx').on(t.pageId),
  ],
);

/** The roles whose holders are shown an element. */
export const pageElementRoles = pgTable(
  'page_element_roles',
  {
    elementId: uuid('element_id')
      .notNull()
      .references(() => pageElements.elementId, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.roleId, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.elementId, t.roleId] }),
    index('page_element_roles_role_idx').on(t.roleId),
  ],
);

export const dataObjects = pgTable(
  'data_objects',
  {
    objectId: uuid('object_id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    description: text('description'),
    fields: jsonb('fields')
      .$type<{ name: string; type: 'STRING' | 'NUMBER' | 'BOOLEAN' | 'DATE'; required: boolean }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ...timestamps,
  },
  (t) => [
    unique('data_objects_code_key').on(t.applicationId, t.code),
    index('data_objects_app_created_idx').on(
      t.applicationId,
      t.createdAt.desc().nullsFirst(),
      t.objectId.desc().nullsFirst(),
    ),
  ],
);

/** A set of instances of one object; the object cannot go while a set names it. */
export const dataSets = pgTable(
  'data_sets',
  {
    setId: uuid('set_id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    objectId: uuid('object_id')
      .notNull()
      .references(() => dataObjects.objectId, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    members: text('members').array().notNull().default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [
    unique('data_sets_code_key').on(t.applicationId, t.code),
    index('data_sets_app_created_idx').on(
      t.applicationId,
      t.createdAt.desc().nullsFirst(),
      t.setId.desc().nullsFirst(),
    ),
    index('data_sets_object_idx').on(t.objectId),
  ],
);

export const dictionaries = pgTable(
  'dictionaries',
  {
    dictionaryId: uuid('dictionary_id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    allowCustom: boolean('allow_custom').notNull().default(false),
    status: status(),
    ...timestamps,
  },
  (t) => [
    unique('dictionaries_code_key').on(t.applicationId, t.code),
    index('dictionaries_app_created_idx').on(
      t.applicationId,
      t.createdAt.desc().nullsFirst(),
      t.dictionaryId.desc().nullsFirst(),
    ),
  ],
);

export const dictionaryItems = pgTable(
  'dictionary_items',
  {
    itemId: uuid('item_id').primaryKey().defaultRandom(),
    dictionaryId: uuid('dictionary_id')
      .notNull()
      .references(() => dictionaries.dictionaryId, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    labelEn: text('label_en').notNull(),
    labelZh: text('label_zh').notNull(),
    order: integer('order').notNull().default(1),
    status: status(),
    ...timestamps,
  },
  (t) => [
    unique('dictionary_items_code_key').on(t.dictionaryId, t.code),
    index('dictionary_items_dict_created_idx').on(
      t.dictionaryId,
      t.createdAt.desc().nullsFirst(),
      t.itemId.desc().nullsFirst(),
    ),
  ],
);
