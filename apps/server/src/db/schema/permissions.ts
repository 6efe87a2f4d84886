import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';

/** An application's API permissions (spec §3); not to be confused with a role's grants. */
export const permissions = pgTable(
  'permissions',
  {
    resourceId: uuid('resource_id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.applicationId, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    name: text('name').notNull(),
    resourceType: text('resource_type', { enum: ['API'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('permissions_application_id_id_key').on(t.applicationId, t.id),
    index('permissions_app_created_idx').on(
      t.applicationId,
      t.createdAt.desc().nullsFirst(),
      t.resourceId.desc().nullsFirst(),
    ),
  ],
);
