-- The trigram indexes of 0010 are written at each insert or update, not kept in GIN's
-- pending list (fastupdate). A pending list grows under a steady stream of creates until a
-- vacuum empties it; every keyword search reads it whole, and the planner, costing it, turns
-- to reading every row of the application instead: the keyword search went from 3 ms to
-- 63 ms at 25,000 rows before a vacuum. A console's writes are few beside its reads. Every
-- GIN index of the schema is one of them; each pending list is emptied as its option changes.
DO $$
DECLARE
  gin_index regclass;
BEGIN
  FOR gin_index IN
    SELECT c.oid::regclass
    FROM pg_class c
    JOIN pg_am am ON am.oid = c.relam
    WHERE c.relkind = 'i' AND am.amname = 'gin' AND c.relnamespace = current_schema()::regnamespace
  LOOP
    EXECUTE format('ALTER INDEX %s SET (fastupdate = off)', gin_index);
    PERFORM gin_clean_pending_list(gin_index);
  END LOOP;
END
$$;
