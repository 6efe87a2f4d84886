CREATE TABLE "user_table_preferences" (
	"user_id" uuid NOT NULL,
	"table_name" text NOT NULL,
	"hidden" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"widths" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_table_preferences_user_id_table_name_pk" PRIMARY KEY("user_id","table_name")
);
--> statement-breakpoint
ALTER TABLE "user_table_preferences" ADD CONSTRAINT "user_table_preferences_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;