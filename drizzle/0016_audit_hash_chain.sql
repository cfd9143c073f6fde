-- Tamper-evident registro (docs/decisions/0023-audit-hash-chain.md): every row of audit_log and of
-- access_log carries `hash`, the SHA-256 (hex) of the previous row's hash and of the row's own content,
-- and `prev_hash`, that previous hash (NULL on a table's first row). The content is an explicit list of
-- the columns each table has today, in a stable text form (a jsonb array: timestamps in UTC, dates as
-- yyyy-mm-dd): columns added later, e.g. the access log's coalescing columns that are UPDATEd while a
-- read repeats, are never part of it. Computed here, in a BEFORE INSERT trigger, so every insert
-- (the app's, a restore's, a psql session's) is chained; only a row written with triggers off is not.
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;
--> statement-breakpoint
ALTER TABLE "access_log" ADD COLUMN "prev_hash" text;
--> statement-breakpoint
ALTER TABLE "access_log" ADD COLUMN "hash" text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_chain_hash(prev text, content text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(coalesce(prev, '') || E'\n' || content, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- The hashed columns of the registro, in this order (never `hash` and `prev_hash` themselves).
CREATE OR REPLACE FUNCTION audit_log_content(r audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_array(r.id, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), r.user_id, r.username,
    r.action, r.entity, r.entity_id, to_char(r.day, 'YYYY-MM-DD'), to_char(r.day_to, 'YYYY-MM-DD'),
    to_jsonb(r.patients), to_jsonb(r.therapists), r.before, r.after)::text
$$;
--> statement-breakpoint
-- The hashed columns of the access log, in this order: the ones it had when the chain began.
CREATE OR REPLACE FUNCTION access_log_content(r access_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_array(r.id, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), r.user_id, r.username,
    r.kind, to_char(r.day, 'YYYY-MM-DD'), to_char(r.day_to, 'YYYY-MM-DD'), r.patient_id)::text
$$;
--> statement-breakpoint
-- The rows already there, chained in id order (the append-only trigger stands aside for this one update).
ALTER TABLE "audit_log" DISABLE TRIGGER audit_log_append_only;
--> statement-breakpoint
ALTER TABLE "access_log" DISABLE TRIGGER access_log_append_only;
--> statement-breakpoint
DO $$
DECLARE
  r record;
  prev text;
  ids bigint[];
  prevs text[];
  hashes text[];
BEGIN
  prev := NULL; ids := '{}'; prevs := '{}'; hashes := '{}';
  FOR r IN SELECT t.id, audit_log_content(t) AS content FROM audit_log t ORDER BY t.id LOOP
    ids := ids || r.id; prevs := prevs || prev;
    prev := audit_chain_hash(prev, r.content);
    hashes := hashes || prev;
  END LOOP;
  UPDATE audit_log t SET prev_hash = u.p, hash = u.h FROM unnest(ids, prevs, hashes) AS u(i, p, h) WHERE t.id = u.i;

  prev := NULL; ids := '{}'; prevs := '{}'; hashes := '{}';
  FOR r IN SELECT t.id, access_log_content(t) AS content FROM access_log t ORDER BY t.id LOOP
    ids := ids || r.id; prevs := prevs || prev;
    prev := audit_chain_hash(prev, r.content);
    hashes := hashes || prev;
  END LOOP;
  UPDATE access_log t SET prev_hash = u.p, hash = u.h FROM unnest(ids, prevs, hashes) AS u(i, p, h) WHERE t.id = u.i;
END
$$;
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER audit_log_append_only;
--> statement-breakpoint
ALTER TABLE "access_log" ENABLE TRIGGER access_log_append_only;
--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "hash" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "access_log" ALTER COLUMN "hash" SET NOT NULL;
--> statement-breakpoint
-- Each insert: the table's chain lock (server/db/locks.ts, LOCK_KEYS.auditChain: the text
-- 'giornata:catena:' || table, hashed by hashtext), held to the commit, so the inserts of concurrent
-- transactions chain one after the other; then the last row, whose hash this row continues. The id is
-- drawn again when the one given would not follow that row (a transaction that drew its id earlier
-- but reached the lock later), so id order is chain order. Whatever `hash` and `prev_hash` the insert
-- brought are replaced.
CREATE OR REPLACE FUNCTION audit_chain_link() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_id bigint;
  last_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('giornata:catena:' || TG_TABLE_NAME));
  IF TG_TABLE_NAME = 'audit_log' THEN
    SELECT t.id, t.hash INTO last_id, last_hash FROM audit_log t ORDER BY t.id DESC LIMIT 1;
  ELSE
    SELECT t.id, t.hash INTO last_id, last_hash FROM access_log t ORDER BY t.id DESC LIMIT 1;
  END IF;
  IF NEW.id IS NULL OR NEW.id <= last_id THEN
    NEW.id := nextval(pg_get_serial_sequence(format('%I.%I', TG_TABLE_SCHEMA, TG_TABLE_NAME), 'id'));
  END IF;
  NEW.prev_hash := last_hash;
  IF TG_TABLE_NAME = 'audit_log' THEN
    NEW.hash := audit_chain_hash(last_hash, audit_log_content(NEW));
  ELSE
    NEW.hash := audit_chain_hash(last_hash, access_log_content(NEW));
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_chain_link();
--> statement-breakpoint
CREATE TRIGGER access_log_chain BEFORE INSERT ON "access_log" FOR EACH ROW EXECUTE FUNCTION audit_chain_link();
