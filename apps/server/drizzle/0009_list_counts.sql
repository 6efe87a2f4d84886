CREATE TABLE "list_counts" (
	"list" text NOT NULL,
	"scope" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "list_counts_list_scope_pk" PRIMARY KEY("list","scope")
);
--> statement-breakpoint
-- One statement's rows are counted per application at once (transition tables), so a bulk
-- insert or a cascade updates each application's count once.
CREATE FUNCTION gatehouse_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_counts (list, scope, n)
    SELECT TG_TABLE_NAME, application_id, count(*) FROM new_rows GROUP BY application_id
    ON CONFLICT (list, scope) DO UPDATE SET n = list_counts.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION gatehouse_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE list_counts c SET n = c.n - d.k
    FROM (SELECT application_id, count(*) AS k FROM old_rows GROUP BY application_id) d
    WHERE c.list = TG_TABLE_NAME AND c.scope = d.application_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION gatehouse_count_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_counts WHERE list = TG_TABLE_NAME;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER data_accesses_count_inserted AFTER INSERT ON data_accesses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_count_inserted();
--> statement-breakpoint
CREATE TRIGGER data_accesses_count_deleted AFTER DELETE ON data_accesses
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_count_deleted();
--> statement-breakpoint
CREATE TRIGGER data_accesses_count_truncated AFTER TRUNCATE ON data_accesses
  FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_count_truncated();
--> statement-breakpoint
CREATE TRIGGER permissions_count_inserted AFTER INSERT ON permissions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_count_inserted();
--> statement-breakpoint
CREATE TRIGGER permissions_count_deleted AFTER DELETE ON permissions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_count_deleted();
--> statement-breakpoint
CREATE TRIGGER permissions_count_truncated AFTER TRUNCATE ON permissions
  FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_count_truncated();
--> statement-breakpoint
CREATE TRIGGER application_clients_count_inserted AFTER INSERT ON application_clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_count_inserted();
--> statement-breakpoint
CREATE TRIGGER application_clients_count_deleted AFTER DELETE ON application_clients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_count_deleted();
--> statement-breakpoint
CREATE TRIGGER application_clients_count_truncated AFTER TRUNCATE ON application_clients
  FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_count_truncated();
--> statement-breakpoint
INSERT INTO list_counts (list, scope, n)
  SELECT 'data_accesses', application_id, count(*) FROM data_accesses GROUP BY application_id
  UNION ALL SELECT 'permissions', application_id, count(*) FROM permissions GROUP BY application_id
  UNION ALL SELECT 'application_clients', application_id, count(*) FROM application_clients GROUP BY application_id;
