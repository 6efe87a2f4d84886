ALTER TABLE "resources" ADD COLUMN "child_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A resource's direct children, kept in its row. Rows one statement adds or removes are counted
-- per parent at once (transition tables), so a bulk insert or a cascading delete updates each
-- parent once. A cascade's own deletes come as statements of their own, whose parents are
-- gone already: their update finds nothing.
CREATE FUNCTION gatehouse_children_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE resources r SET child_count = r.child_count + n.k
    FROM (SELECT parent_id, count(*) AS k FROM new_rows WHERE parent_id IS NOT NULL GROUP BY parent_id) n
    WHERE r.resource_id = n.parent_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION gatehouse_children_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE resources r SET child_count = r.child_count - d.k
    FROM (SELECT parent_id, count(*) AS k FROM old_rows WHERE parent_id IS NOT NULL GROUP BY parent_id) d
    WHERE r.resource_id = d.parent_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A move (a new parent) is one row at a time, and rare; a row trigger on parent_id alone leaves
-- every other update, the counts' own among them, without a trigger.
CREATE FUNCTION gatehouse_child_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE resources SET child_count = child_count - 1 WHERE resource_id = OLD.parent_id;
  UPDATE resources SET child_count = child_count + 1 WHERE resource_id = NEW.parent_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER resources_children_inserted AFTER INSERT ON resources
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_children_inserted();
--> statement-breakpoint
CREATE TRIGGER resources_children_deleted AFTER DELETE ON resources
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_children_deleted();
--> statement-breakpoint
CREATE TRIGGER resources_child_moved AFTER UPDATE OF parent_id ON resources
  FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id) EXECUTE FUNCTION gatehouse_child_moved();
--> statement-breakpoint
UPDATE resources r SET child_count = c.k
  FROM (SELECT parent_id, count(*) AS k FROM resources WHERE parent_id IS NOT NULL GROUP BY parent_id) c
  WHERE r.resource_id = c.parent_id;
