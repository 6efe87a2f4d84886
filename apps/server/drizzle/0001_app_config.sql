CREATE TABLE "application_clients" (
	"ac_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"client_name" text NOT NULL,
	"client" text NOT NULL,
	"id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"redirect_url" text,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_clients_client_key" UNIQUE("client"),
	CONSTRAINT "application_clients_application_id_id_key" UNIQUE("application_id","id")
);
--> statement-breakpoint
CREATE TABLE "data_accesses" (
	"resource_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_accesses_application_id_id_key" UNIQUE("application_id","id")
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"resource_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"resource_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permissions_application_id_id_key" UNIQUE("application_id","id")
);
--> statement-breakpoint
ALTER TABLE "application_clients" ADD CONSTRAINT "application_clients_application_id_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("application_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_accesses" ADD CONSTRAINT "data_accesses_application_id_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("application_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permissions" ADD CONSTRAINT "permissions_application_id_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("application_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_clients_app_created_idx" ON "application_clients" USING btree ("application_id","created_at" DESC NULLS FIRST,"ac_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "data_accesses_app_created_idx" ON "data_accesses" USING btree ("application_id","created_at" DESC NULLS FIRST,"resource_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "data_accesses_app_category_idx" ON "data_accesses" USING btree ("application_id","category");--> statement-breakpoint
CREATE INDEX "permissions_app_created_idx" ON "permissions" USING btree ("application_id","created_at" DESC NULLS FIRST,"resource_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_created_idx" ON "applications" USING btree ("created_at" DESC NULLS FIRST,"application_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "resources_app_created_idx" ON "resources" USING btree ("application_id","created_at" DESC NULLS FIRST,"resource_id" DESC NULLS FIRST);