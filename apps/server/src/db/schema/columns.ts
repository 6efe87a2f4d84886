import { text, timestamp } from 'drizzle-orm/pg-core';

/** Columns many tables share; a table file spreads or calls these rather than spelling them again. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** ENABLED or DISABLED, enabled by default. */
export const status = () =>
  text('status', { enum: ['ENABLED', 'DISABLED'] })
    .notNull()
    .default('ENABLED');
