-- Keyword search is a case-insensitive substring match (ILIKE '%…%') on several columns at
-- once. Trigram GIN indexes on each column let PostgreSQL answer it with a bitmap scan of the
-- matching rows instead of reading every row of the application: on 100,000 rows, a keyword
-- of three characters or more. PGlite loads the same extension (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX data_accesses_name_trgm_idx ON data_accesses USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX data_accesses_id_trgm_idx ON data_accesses USING gin (id gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX data_accesses_category_trgm_idx ON data_accesses USING gin (category gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX permissions_name_trgm_idx ON permissions USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX permissions_id_trgm_idx ON permissions USING gin (id gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX permissions_resource_type_trgm_idx ON permissions USING gin (resource_type gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX users_username_trgm_idx ON users USING gin (username gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX users_name_trgm_idx ON users USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
