CREATE TABLE "application_acls" (
	"acl_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"actions" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_acls_entry_key" UNIQUE("application_id","subject_type","subject_id","target_type","target_id")
);
--> statement-breakpoint
CREATE TABLE "application_apis" (
	"api_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"method" text NOT NULL,
	"path_pattern" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"permission_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_apis_method_path_key" UNIQUE("application_id","method","path_pattern")
);
--> statement-breakpoint
CREATE TABLE "application_pages" (
	"page_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"name" text NOT NULL,
	"route" text NOT NULL,
	"order" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_pages_route_key" UNIQUE("application_id","route")
);
--> statement-breakpoint
CREATE TABLE "data_objects" (
	"object_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_objects_code_key" UNIQUE("application_id","code")
);
--> statement-breakpoint
CREATE TABLE "data_sets" (
	"set_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"object_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"members" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_sets_code_key" UNIQUE("application_id","code")
);
--> statement-breakpoint
CREATE TABLE "dictionaries" (
	"dictionary_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"allow_custom" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dictionaries_code_key" UNIQUE("application_id","code")
);
--> statement-breakpoint
CREATE TABLE "dictionary_items" (
	"item_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dictionary_id" uuid NOT NULL,
	"code" text NOT NULL,
	"label_en" text NOT NULL,
	"label_zh" text NOT NULL,
	"order" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dictionary_items_code_key" UNIQUE("dictionary_id","code")
);
--> statement-breakpoint
CREATE TABLE "page_element_roles" (
	"element_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	CONSTRAINT "page_element_roles_element_id_role_id_pk" PRIMARY KEY("element_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "page_elements" (
	"element_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_id" uuid NOT NULL,
	"application_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_elements_code_key" UNIQUE("application_id","code")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'ENABLED' NOT NULL;--> statement-breakpoint
ALTER TABLE "application_acls" ADD CONSTRAINT "application_acls_application_id_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("application_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_apis" ADD CONSTRAINT "application_apis_application_id_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("application_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_pages" ADD CONSTRAINT "application_pages_application_id_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("application_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_objects" ADD CONSTRAINT "data_objects_application_id_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("application_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_sets" ADD CONSTRAINT "data_sets_application_id_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("application_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_sets" ADD CONSTRAINT "data_sets_object_id_data_objects_object_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."data_objects"("object_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictionaries" ADD CONSTRAINT "dictionaries_application_id_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("application_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictionary_items" ADD CONSTRAINT "dictionary_items_dictionary_id_dictionaries_dictionary_id_fk" FOREIGN KEY ("dictionary_id") REFERENCES "public"."dictionaries"("dictionary_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_element_roles" ADD CONSTRAINT "page_element_roles_element_id_page_elements_element_id_fk" FOREIGN KEY ("element_id") REFERENCES "public"."page_elements"("element_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_element_roles" ADD CONSTRAINT "page_element_roles_role_id_roles_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("role_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_elements" ADD CONSTRAINT "page_elements_page_id_application_pages_page_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."application_pages"("page_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_elements" ADD CONSTRAINT "page_elements_application_id_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("application_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_acls_app_created_idx" ON "application_acls" USING btree ("application_id","created_at" DESC NULLS FIRST,"acl_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "application_acls_subject_idx" ON "application_acls" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "application_apis_app_created_idx" ON "application_apis" USING btree ("application_id","created_at" DESC NULLS FIRST,"api_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "application_pages_app_created_idx" ON "application_pages" USING btree ("application_id","created_at" DESC NULLS FIRST,"page_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "data_objects_app_created_idx" ON "data_objects" USING btree ("application_id","created_at" DESC NULLS FIRST,"object_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "data_sets_app_created_idx" ON "data_sets" USING btree ("application_id","created_at" DESC NULLS FIRST,"set_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "data_sets_object_idx" ON "data_sets" USING btree ("object_id");--> statement-breakpoint
CREATE INDEX "dictionaries_app_created_idx" ON "dictionaries" USING btree ("application_id","created_at" DESC NULLS FIRST,"dictionary_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "dictionary_items_dict_created_idx" ON "dictionary_items" USING btree ("dictionary_id","created_at" DESC NULLS FIRST,"item_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "page_element_roles_role_idx" ON "page_element_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "page_elements_page_idx" ON "page_elements" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"product_id" DESC NULLS FIRST);