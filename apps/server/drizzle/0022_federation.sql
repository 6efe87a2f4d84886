CREATE TABLE "application_provider_limits" (
	"application_id" text PRIMARY KEY NOT NULL,
	"provider_ids" uuid[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federated_assignments" (
	"user_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"target" text NOT NULL,
	"target_id" uuid NOT NULL,
	CONSTRAINT "federated_assignments_user_id_provider_id_target_target_id_pk" PRIMARY KEY("user_id","provider_id","target","target_id")
);
--> statement-breakpoint
CREATE TABLE "federation_flows" (
	"flow_id" text PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"browser_hash" text NOT NULL,
	"target" jsonb NOT NULL,
	"data" jsonb NOT NULL,
	"user_id" uuid,
	"mfa_satisfied" boolean DEFAULT false NOT NULL,
	"handoff_hash" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_providers" (
	"provider_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"settings" jsonb NOT NULL,
	"secret_sealed" text,
	"last_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saml_assertions_seen" (
	"provider_id" uuid NOT NULL,
	"assertion_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saml_assertions_seen_provider_id_assertion_id_pk" PRIMARY KEY("provider_id","assertion_id")
);
--> statement-breakpoint
CREATE TABLE "user_identities" (
	"identity_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "application_provider_limits" ADD CONSTRAINT "application_provider_limits_application_id_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("application_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federated_assignments" ADD CONSTRAINT "federated_assignments_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federated_assignments" ADD CONSTRAINT "federated_assignments_provider_id_identity_providers_provider_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."identity_providers"("provider_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_flows" ADD CONSTRAINT "federation_flows_provider_id_identity_providers_provider_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."identity_providers"("provider_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_flows" ADD CONSTRAINT "federation_flows_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saml_assertions_seen" ADD CONSTRAINT "saml_assertions_seen_provider_id_identity_providers_provider_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."identity_providers"("provider_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_provider_id_identity_providers_provider_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."identity_providers"("provider_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "federation_flows_handoff_key" ON "federation_flows" USING btree ("handoff_hash");--> statement-breakpoint
CREATE INDEX "federation_flows_expires_idx" ON "federation_flows" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "identity_providers_created_idx" ON "identity_providers" USING btree ("created_at" DESC NULLS LAST,"provider_id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "identity_providers_default_key" ON "identity_providers" USING btree ("is_default") WHERE "identity_providers"."is_default";--> statement-breakpoint
CREATE INDEX "saml_assertions_seen_expires_idx" ON "saml_assertions_seen" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_subject_key" ON "user_identities" USING btree ("provider_id","subject");--> statement-breakpoint
CREATE INDEX "user_identities_user_idx" ON "user_identities" USING btree ("user_id");