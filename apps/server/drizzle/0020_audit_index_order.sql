-- The audit filters' indexes end in the id ascending, as the primary key does: read backwards,
-- they give the list's `id desc` (nulls first), so a page of a filter is read in order. Their
-- `id DESC NULLS LAST` matched no order the list asks for, and every page sorted all its
-- matches (an actor's page at 10 million records: 40 ms against 0.2 ms). On a large trail
-- these five rebuild at the upgrade, as 0018 built them.
DROP INDEX "audit_log_entity_id_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_id_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_name_idx";--> statement-breakpoint
DROP INDEX "audit_log_application_idx";--> statement-breakpoint
DROP INDEX "audit_log_action_idx";--> statement-breakpoint
CREATE INDEX "audit_log_entity_id_idx" ON "audit_log" USING btree ("entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_id_idx" ON "audit_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_name_idx" ON "audit_log" USING btree ("actor_name","id");--> statement-breakpoint
CREATE INDEX "audit_log_application_idx" ON "audit_log" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");