-- The trigram indexes of 0010 are written at each insert or update, not kept in GIN's
-- pending list (fastupdate). A pending list grows under a steady stream of creates until a
-- vacuum empties it; every keyword search reads it whole, and the planner, costing it, turns
-- to reading every row of the application instead: under the soak's creates the keyword
-- search went from 3 ms to 63 ms at 25,000 rows. A console's writes are few beside its reads.
ALTER INDEX data_accesses_name_trgm_idx SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('data_accesses_name_trgm_idx');
--> statement-breakpoint
ALTER INDEX data_accesses_id_trgm_idx SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('data_accesses_id_trgm_idx');
--> statement-breakpoint
ALTER INDEX data_accesses_category_trgm_idx SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('data_accesses_category_trgm_idx');
--> statement-breakpoint
ALTER INDEX permissions_name_trgm_idx SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('permissions_name_trgm_idx');
--> statement-breakpoint
ALTER INDEX permissions_id_trgm_idx SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('permissions_id_trgm_idx');
--> statement-breakpoint
ALTER INDEX permissions_resource_type_trgm_idx SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('permissions_resource_type_trgm_idx');
--> statement-breakpoint
ALTER INDEX users_username_trgm_idx SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('users_username_trgm_idx');
--> statement-breakpoint
ALTER INDEX users_name_trgm_idx SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('users_name_trgm_idx');
--> statement-breakpoint
ALTER INDEX users_email_trgm_idx SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('users_email_trgm_idx');
