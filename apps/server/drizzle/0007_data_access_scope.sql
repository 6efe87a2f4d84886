ALTER TABLE "data_accesses" ADD COLUMN "object_id" uuid;--> statement-breakpoint
ALTER TABLE "data_accesses" ADD COLUMN "set_id" uuid;--> statement-breakpoint
ALTER TABLE "data_accesses" ADD CONSTRAINT "data_accesses_object_id_data_objects_object_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."data_objects"("object_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_accesses" ADD CONSTRAINT "data_accesses_set_id_data_sets_set_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."data_sets"("set_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_accesses_object_idx" ON "data_accesses" USING btree ("object_id");--> statement-breakpoint
CREATE INDEX "data_accesses_set_idx" ON "data_accesses" USING btree ("set_id");