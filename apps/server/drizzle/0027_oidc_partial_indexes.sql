DROP INDEX "oidc_payloads_grant_idx";--> statement-breakpoint
DROP INDEX "oidc_payloads_account_idx";--> statement-breakpoint
DROP INDEX "oidc_payloads_uid_idx";--> statement-breakpoint
DROP INDEX "oidc_payloads_user_code_idx";--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant_idx" ON "oidc_payloads" USING btree ("grant_id") WHERE "oidc_payloads"."grant_id" is not null;--> statement-breakpoint
CREATE INDEX "oidc_payloads_account_idx" ON "oidc_payloads" USING btree ("account_id") WHERE "oidc_payloads"."account_id" is not null;--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid_idx" ON "oidc_payloads" USING btree ("uid") WHERE "oidc_payloads"."uid" is not null;--> statement-breakpoint
CREATE INDEX "oidc_payloads_user_code_idx" ON "oidc_payloads" USING btree ("user_code") WHERE "oidc_payloads"."user_code" is not null;