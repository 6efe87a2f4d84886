-- Each artefact of the provider names its account in a column the database computes from the
-- payload (rows already here included), so ending a user's access (endOidcAccess in
-- modules/oidc/repository.ts) finds their sessions, grants, codes and tokens by an index.
ALTER TABLE "oidc_payloads" ADD COLUMN "account_id" text GENERATED ALWAYS AS (coalesce(payload->>'accountId', payload->'result'->'login'->>'accountId', payload->'session'->>'accountId')) STORED;--> statement-breakpoint
CREATE INDEX "oidc_payloads_account_idx" ON "oidc_payloads" USING btree ("account_id");--> statement-breakpoint
-- Disabling or deleting a user now ends their artefacts with it; those of users disabled or
-- deleted before go now. The provider refused them already, but a browser holding such a
-- session got a server error at the authorization endpoint instead of a new sign-in.
DELETE FROM "oidc_payloads" p
WHERE p."account_id" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."user_id"::text = p."account_id" AND u."status" = 'ENABLED');
