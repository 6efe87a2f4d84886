import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { dataObjects, dataSets } from './catalog.ts';

export const dataAccesses = pgTable(
  'data_accesses',
  {
    resourceId: uuid('resource_id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.applicationId, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    // What the access is about: an object type of the application, and optionally one set of
    // its instances. Neither can be deleted while an access names it (checked at the end of
    // the statement, so deleting the application takes all three together).
    objectId: uuid('object_id').references(() => dataObjects.objectId),
    setId: uuid('set_id').references(() => dataSets.setId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Ids are unique per application; the service maps a violation to 409.
    unique('data_accesses_application_id_id_key').on(t.applicationId, t.id),
    // The default list order (createdDate desc, key as tie-breaker) is a walk of this index,
    // and holding the key lets a deep page pick its keys from the index alone. NULLS FIRST is
    // what a plain `ORDER BY … DESC` means; with drizzle's default (NULLS LAST) the planner
    // could not use the index for that order.
    index('data_accesses_app_created_idx').on(
      t.applicationId,
      t.createdAt.desc().nullsFirst(),
      t.resourceId.desc().nullsFirst(),
    ),
    // The category filter and the distinct categories of the multi-select.
    index('data_accesses_app_category_idx').on(t.applicationId, t.category),
    index('data_accesses_object_idx').on(t.objectId),
    index('data_accesses_set_idx').on(t.setId),
  ],
);
