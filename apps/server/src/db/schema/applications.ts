import { type AnyPgColumn, boolean, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

export const products = pgTable(
  'products',
  {
    productId: uuid('product_id').primaryKey().defaultRandom(),
    /** The product's code, unique (the API's `code`). */
    id: text('id').notNull().unique(),
    name: text('name').notNull(),
    description: text('description'),
    owner: text('owner'),
    status: text('status', { enum: ['ENABLED', 'DISABLED'] })
      .notNull()
      .default('ENABLED'),
    ...timestamps,
  },
  // The product list's default order: createdDate desc, key as tie-breaker.
  (t) => [index('products_created_idx').on(t.createdAt.desc().nullsFirst(), t.productId.desc().nullsFirst())],
);

export const applications = pgTable(
  'applications',
  {
    /** The `appId` users see in the console's query string, e.g. `platform`. */
    applicationId: text('application_id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    productId: uuid('product_id').references(() => products.productId, { onDelete: 'set null' }),
    status: text('status', { enum: ['ENABLED', 'DISABLED'] })
      .notNull()
      .default('ENABLED'),
    builtin: boolean('builtin').notNull().default(false),
    /** Every enabled user may sign in to it through OIDC, not only those a role grants something in it. */
    openToAllUsers: boolean('open_to_all_users').notNull().default(false),
    ...timestamps,
  },
  // The application list's default order: createdDate desc, key as tie-breaker.
  (t) => [
    index('applications_created_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.applicationId.desc().nullsFirst(),
    ),
  ],
);

export const resources = pgTable(
  'resources',
  {
    resourceId: uuid('resource_id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.applicationId, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: ['CATEGORY', 'MENU', 'ELEMENT'] }).notNull(),
    url: text('url'),
    order: integer('order').notNull().default(1),
    status: text('status', { enum: ['ENABLED', 'DISABLED'] })
      .notNull()
      .default('ENABLED'),
    parentId: uuid('parent_id').references((): AnyPgColumn => resources.resourceId, {
      onDelete: 'cascade',
    }),
    icon: text('icon'),
    hidden: boolean('hidden').notNull().default(false),
    keepAlive: boolean('keep_alive').notNull().default(false),
    /**
     * How many resources have this one as parent, kept by the database's triggers
     * (drizzle/0014_resource_child_counts.sql), never written by the service: a tree's every
     * expand lists a node's children with their own counts, which a count per row made slow.
     */
    childCount: integer('child_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    unique('resources_application_id_id_key').on(t.applicationId, t.id),
    index('resources_tree_idx').on(t.applicationId, t.parentId, t.order),
    // The resource search lists nodes at any depth in createdDate desc order.
    index('resources_app_created_idx').on(
      t.applicationId,
      t.createdAt.desc().nullsFirst(),
      t.resourceId.desc().nullsFirst(),
    ),
  ],
);
