-- A version of each kept count: every insert or delete in a list's scope draws `changes` from
-- one sequence, so it never repeats, not even after a truncate drops the row. A deep page's
-- remembered starting point (lib/page-anchors.ts) is read back in the same statement as the
-- page and used only while `changes` is what it was when the point was found.
CREATE SEQUENCE list_changes_seq;
--> statement-breakpoint
ALTER TABLE "list_counts" ADD COLUMN "changes" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION gatehouse_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_counts (list, scope, n, changes)
    SELECT TG_TABLE_NAME, application_id, count(*), nextval('list_changes_seq') FROM new_rows GROUP BY application_id
    ON CONFLICT (list, scope) DO UPDATE SET n = list_counts.n + excluded.n, changes = excluded.changes;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION gatehouse_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE list_counts c SET n = c.n - d.k, changes = nextval('list_changes_seq')
    FROM (SELECT application_id, count(*) AS k FROM old_rows GROUP BY application_id) d
    WHERE c.list = TG_TABLE_NAME AND c.scope = d.application_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
UPDATE list_counts SET changes = nextval('list_changes_seq');
