CREATE TABLE "audit_chain" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"sealed_id" bigint DEFAULT 0 NOT NULL,
	"sealed_hash" text,
	"pending_id" bigint,
	"pending_xid" text,
	"purged_id" bigint DEFAULT 0 NOT NULL,
	"purged_hash" text,
	"purged_at" timestamp with time zone,
	"purge_lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "audit_log_entity_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "application_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE INDEX "audit_log_entity_id_idx" ON "audit_log" USING btree ("entity","entity_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_id_idx" ON "audit_log" USING btree ("actor_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_name_idx" ON "audit_log" USING btree ("actor_name","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_application_idx" ON "audit_log" USING btree ("application_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_request_idx" ON "audit_log" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id" DESC NULLS LAST);--> statement-breakpoint
-- Written by hand: the chain's one state row, and the application of the records kept so far.
INSERT INTO "audit_chain" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "audit_log" SET "application_id" = coalesce("after"->>'applicationId', "before"->>'applicationId')
  WHERE jsonb_typeof("after") = 'object' OR jsonb_typeof("before") = 'object';
