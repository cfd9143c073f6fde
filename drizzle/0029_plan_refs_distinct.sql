-- The plan's reference check (migration 0023, docs/decisions/0037-plan-links-statement-level.md) looks each
-- distinct value of an insert up once: a template over 26 weeks inserts 30,000 links to 80 utenti, and the check
-- probed `patients` 30,000 times (55 of the copy's 800 ms on PostgreSQL at ten years; 32 ms with this). Same rows
-- locked, same refusal; an update already checked only the distinct values it brought (EXCEPT).
CREATE OR REPLACE FUNCTION plan_refs_exist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  i integer := 0;
  named text;
  missing integer;
BEGIN
  -- TG_ARGV: (column, referenced table, constraint name) triples. An update checks only the values it brought,
  -- as a foreign key checks only a changed key.
  WHILE i < TG_NARGS LOOP
    named := CASE WHEN TG_OP = 'INSERT' THEN format('SELECT DISTINCT n.%1$I FROM plan_new n', TG_ARGV[i])
      ELSE format('SELECT n.%1$I FROM plan_new n EXCEPT SELECT o.%1$I FROM plan_old o', TG_ARGV[i]) END;
    -- The rows named, locked as a foreign key locks them: a concurrent delete waits for this transaction, or is seen
    -- below. Rows this transaction wrote itself no other can delete (a paste's new activities): not locked again.
    EXECUTE format('SELECT 1 FROM %I p WHERE p.id = ANY (ARRAY(%s)) AND p.xmin::text::bigint <> pg_current_xact_id()::text::bigint %% 4294967296'
      ' ORDER BY p.id FOR KEY SHARE OF p', TG_ARGV[i + 1], named);
    EXECUTE format('SELECT v FROM (%s) named(v) WHERE v IS NOT NULL AND NOT EXISTS (SELECT 1 FROM %I p WHERE p.id = v) LIMIT 1',
      named, TG_ARGV[i + 1]) INTO missing;
    IF missing IS NOT NULL THEN
      RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%"', TG_TABLE_NAME, TG_ARGV[i + 2]
        USING ERRCODE = 'foreign_key_violation', CONSTRAINT = TG_ARGV[i + 2], TABLE = TG_TABLE_NAME,
          DETAIL = format('Key (%s)=(%s) is not present in table "%s".', TG_ARGV[i], missing, TG_ARGV[i + 1]);
    END IF;
    i := i + 3;
  END LOOP;
  RETURN NULL;
END
$$;
