-- Live events (docs/decisions/0010-live-events.md): every statement that changes
-- what a screen shows sends one NOTIFY on channel giornata_eventi, in the same
-- transaction as the write, so a rolled-back write sends nothing and every
-- server process listening on this database hears every committed one. The
-- payload is compact, `{"giorni":["2026-11-23"],"anagrafiche":true,"presenze":true}`
-- (keys only when set), or `{"ricarica":true}` when a statement touched more days
-- than a notification can carry (8000 bytes) or emptied a table; the server
-- turns it into the wire's events. PostgreSQL drops identical payloads sent
-- in one transaction, so a paste's three inserts on one day reach listeners once.
-- Transition tables are allowed only on single-event triggers: one trigger per
-- event, all calling the table's one function.
CREATE OR REPLACE FUNCTION live_notify(days date[], anagrafiche boolean, presenze boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  parts text[] := '{}';
BEGIN
  -- 550 days of 13 bytes stay well within NOTIFY's 8000-byte payload.
  IF cardinality(days) > 550 THEN
    PERFORM pg_notify('giornata_eventi', '{"ricarica":true}');
    RETURN;
  END IF;
  IF cardinality(days) > 0 THEN
    parts := parts || ('"giorni":[' || (SELECT string_agg('"' || to_char(d, 'YYYY-MM-DD') || '"', ',' ORDER BY d) FROM unnest(days) d) || ']');
  END IF;
  IF anagrafiche THEN
    parts := parts || '"anagrafiche":true'::text;
  END IF;
  IF presenze THEN
    parts := parts || '"presenze":true'::text;
  END IF;
  IF cardinality(parts) > 0 THEN
    PERFORM pg_notify('giornata_eventi', '{' || array_to_string(parts, ',') || '}');
  END IF;
END
$$;
--> statement-breakpoint
-- Rows that carry their day (activities, transport_runs, roll_call); TG_ARGV[0] = 'presenze' adds that flag.
CREATE OR REPLACE FUNCTION live_day_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT day) INTO days FROM live_new;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT day) INTO days FROM live_old;
  ELSE
    SELECT array_agg(DISTINCT day) INTO days FROM (SELECT day FROM live_new UNION ALL SELECT day FROM live_old) moved;
  END IF;
  IF days IS NOT NULL THEN
    PERFORM live_notify(days, false, TG_NARGS > 0 AND TG_ARGV[0] = 'presenze');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The people of an activity: the day of their activity. Rows deleted with their activity find it gone: the activity's own trigger told.
CREATE OR REPLACE FUNCTION live_activity_links() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT a.day) INTO days FROM activities a WHERE a.id IN (SELECT activity_id FROM live_new);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT a.day) INTO days FROM activities a WHERE a.id IN (SELECT activity_id FROM live_old);
  ELSE
    SELECT array_agg(DISTINCT a.day) INTO days FROM activities a
      WHERE a.id IN (SELECT activity_id FROM live_new UNION SELECT activity_id FROM live_old);
  END IF;
  IF days IS NOT NULL THEN
    PERFORM live_notify(days, false, false);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The people of a minibus run: the day of their run.
CREATE OR REPLACE FUNCTION live_run_links() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT r.day) INTO days FROM transport_runs r WHERE r.id IN (SELECT run_id FROM live_new);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT r.day) INTO days FROM transport_runs r WHERE r.id IN (SELECT run_id FROM live_old);
  ELSE
    SELECT array_agg(DISTINCT r.day) INTO days FROM transport_runs r
      WHERE r.id IN (SELECT run_id FROM live_new UNION SELECT run_id FROM live_old);
  END IF;
  IF days IS NOT NULL THEN
    PERFORM live_notify(days, false, false);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An absence: every day of its range (old and new on an update), and the Presenze screens.
CREATE OR REPLACE FUNCTION live_absences() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT a.start_day + g) INTO days FROM live_new a, generate_series(0, a.end_day - a.start_day) g;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT a.start_day + g) INTO days FROM live_old a, generate_series(0, a.end_day - a.start_day) g;
  ELSE
    SELECT array_agg(DISTINCT a.start_day + g) INTO days
      FROM (SELECT start_day, end_day FROM live_new UNION ALL SELECT start_day, end_day FROM live_old) a,
        generate_series(0, a.end_day - a.start_day) g;
  END IF;
  PERFORM live_notify(days, false, true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Tables that name no day: TG_ARGV[0] is 'anagrafiche' or 'presenze'.
CREATE OR REPLACE FUNCTION live_flag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_notify(NULL, TG_ARGV[0] = 'anagrafiche', TG_ARGV[0] = 'presenze');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A TRUNCATE names no rows: every screen reloads.
CREATE OR REPLACE FUNCTION live_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('giornata_eventi', '{"ricarica":true}');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Ended sessions (logout, expiry, a new password, a disabled account, any process): their id_hash,
-- comma-separated, on giornata_sessioni; '*' when too many for one payload (every stream's session is checked).
CREATE OR REPLACE FUNCTION live_sessions_ended() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ended text;
  n integer;
BEGIN
  SELECT string_agg(id_hash, ','), count(*) INTO ended, n FROM live_old;
  IF n > 150 THEN
    PERFORM pg_notify('giornata_sessioni', '*');
  ELSIF n > 0 THEN
    PERFORM pg_notify('giornata_sessioni', ended);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every session ended at once: every stream's session is checked.
CREATE OR REPLACE FUNCTION live_sessions_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('giornata_sessioni', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER activities_live_insert AFTER INSERT ON "activities" REFERENCING NEW TABLE AS live_new FOR EACH STATEMENT EXECUTE FUNCTION live_day_rows();
--> statement-breakpoint
CREATE TRIGGER activities_live_update AFTER UPDATE ON "activities" REFERENCING NEW TABLE AS live_new OLD TABLE AS live_old FOR EACH STATEMENT EXECUTE FUNCTION live_day_rows();
--> statement-breakpoint
CREATE TRIGGER activities_live_delete AFTER DELETE ON "activities" REFERENCING OLD TABLE AS live_old FOR EACH STATEMENT EXECUTE FUNCTION live_day_rows();
--> statement-breakpoint
CREATE TRIGGER transport_runs_live_insert AFTER INSERT ON "transport_runs" REFERENCING NEW TABLE AS live_new FOR EACH STATEMENT EXECUTE FUNCTION live_day_rows();
--> statement-breakpoint
CREATE TRIGGER transport_runs_live_update AFTER UPDATE ON "transport_runs" REFERENCING NEW TABLE AS live_new OLD TABLE AS live_old FOR EACH STATEMENT EXECUTE FUNCTION live_day_rows();
--> statement-breakpoint
CREATE TRIGGER transport_runs_live_delete AFTER DELETE ON "transport_runs" REFERENCING OLD TABLE AS live_old FOR EACH STATEMENT EXECUTE FUNCTION live_day_rows();
--> statement-breakpoint
CREATE TRIGGER roll_call_live_insert AFTER INSERT ON "roll_call" REFERENCING NEW TABLE AS live_new FOR EACH STATEMENT EXECUTE FUNCTION live_day_rows('presenze');
--> statement-breakpoint
CREATE TRIGGER roll_call_live_update AFTER UPDATE ON "roll_call" REFERENCING NEW TABLE AS live_new OLD TABLE AS live_old FOR EACH STATEMENT EXECUTE FUNCTION live_day_rows('presenze');
--> statement-breakpoint
CREATE TRIGGER roll_call_live_delete AFTER DELETE ON "roll_call" REFERENCING OLD TABLE AS live_old FOR EACH STATEMENT EXECUTE FUNCTION live_day_rows('presenze');
--> statement-breakpoint
CREATE TRIGGER activity_patients_live_insert AFTER INSERT ON "activity_patients" REFERENCING NEW TABLE AS live_new FOR EACH STATEMENT EXECUTE FUNCTION live_activity_links();
--> statement-breakpoint
CREATE TRIGGER activity_patients_live_update AFTER UPDATE ON "activity_patients" REFERENCING NEW TABLE AS live_new OLD TABLE AS live_old FOR EACH STATEMENT EXECUTE FUNCTION live_activity_links();
--> statement-breakpoint
CREATE TRIGGER activity_patients_live_delete AFTER DELETE ON "activity_patients" REFERENCING OLD TABLE AS live_old FOR EACH STATEMENT EXECUTE FUNCTION live_activity_links();
--> statement-breakpoint
CREATE TRIGGER activity_therapists_live_insert AFTER INSERT ON "activity_therapists" REFERENCING NEW TABLE AS live_new FOR EACH STATEMENT EXECUTE FUNCTION live_activity_links();
--> statement-breakpoint
CREATE TRIGGER activity_therapists_live_update AFTER UPDATE ON "activity_therapists" REFERENCING NEW TABLE AS live_new OLD TABLE AS live_old FOR EACH STATEMENT EXECUTE FUNCTION live_activity_links();
--> statement-breakpoint
CREATE TRIGGER activity_therapists_live_delete AFTER DELETE ON "activity_therapists" REFERENCING OLD TABLE AS live_old FOR EACH STATEMENT EXECUTE FUNCTION live_activity_links();
--> statement-breakpoint
CREATE TRIGGER transport_patients_live_insert AFTER INSERT ON "transport_patients" REFERENCING NEW TABLE AS live_new FOR EACH STATEMENT EXECUTE FUNCTION live_run_links();
--> statement-breakpoint
CREATE TRIGGER transport_patients_live_update AFTER UPDATE ON "transport_patients" REFERENCING NEW TABLE AS live_new OLD TABLE AS live_old FOR EACH STATEMENT EXECUTE FUNCTION live_run_links();
--> statement-breakpoint
CREATE TRIGGER transport_patients_live_delete AFTER DELETE ON "transport_patients" REFERENCING OLD TABLE AS live_old FOR EACH STATEMENT EXECUTE FUNCTION live_run_links();
--> statement-breakpoint
CREATE TRIGGER transport_therapists_live_insert AFTER INSERT ON "transport_therapists" REFERENCING NEW TABLE AS live_new FOR EACH STATEMENT EXECUTE FUNCTION live_run_links();
--> statement-breakpoint
CREATE TRIGGER transport_therapists_live_update AFTER UPDATE ON "transport_therapists" REFERENCING NEW TABLE AS live_new OLD TABLE AS live_old FOR EACH STATEMENT EXECUTE FUNCTION live_run_links();
--> statement-breakpoint
CREATE TRIGGER transport_therapists_live_delete AFTER DELETE ON "transport_therapists" REFERENCING OLD TABLE AS live_old FOR EACH STATEMENT EXECUTE FUNCTION live_run_links();
--> statement-breakpoint
CREATE TRIGGER absences_live_insert AFTER INSERT ON "absences" REFERENCING NEW TABLE AS live_new FOR EACH STATEMENT EXECUTE FUNCTION live_absences();
--> statement-breakpoint
CREATE TRIGGER absences_live_update AFTER UPDATE ON "absences" REFERENCING NEW TABLE AS live_new OLD TABLE AS live_old FOR EACH STATEMENT EXECUTE FUNCTION live_absences();
--> statement-breakpoint
CREATE TRIGGER absences_live_delete AFTER DELETE ON "absences" REFERENCING OLD TABLE AS live_old FOR EACH STATEMENT EXECUTE FUNCTION live_absences();
--> statement-breakpoint
CREATE TRIGGER closed_months_live AFTER INSERT OR UPDATE OR DELETE ON "closed_months" FOR EACH STATEMENT EXECUTE FUNCTION live_flag('presenze');
--> statement-breakpoint
CREATE TRIGGER closing_days_live AFTER INSERT OR UPDATE OR DELETE ON "closing_days" FOR EACH STATEMENT EXECUTE FUNCTION live_flag('presenze');
--> statement-breakpoint
CREATE TRIGGER attendance_corrections_live AFTER INSERT OR UPDATE OR DELETE ON "attendance_corrections" FOR EACH STATEMENT EXECUTE FUNCTION live_flag('presenze');
--> statement-breakpoint
CREATE TRIGGER patients_live AFTER INSERT OR UPDATE OR DELETE ON "patients" FOR EACH STATEMENT EXECUTE FUNCTION live_flag('anagrafiche');
--> statement-breakpoint
CREATE TRIGGER therapists_live AFTER INSERT OR UPDATE OR DELETE ON "therapists" FOR EACH STATEMENT EXECUTE FUNCTION live_flag('anagrafiche');
--> statement-breakpoint
CREATE TRIGGER rooms_live AFTER INSERT OR UPDATE OR DELETE ON "rooms" FOR EACH STATEMENT EXECUTE FUNCTION live_flag('anagrafiche');
--> statement-breakpoint
CREATE TRIGGER users_live AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION live_flag('anagrafiche');
--> statement-breakpoint
CREATE TRIGGER sessions_live_delete AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS live_old FOR EACH STATEMENT EXECUTE FUNCTION live_sessions_ended();
--> statement-breakpoint
CREATE TRIGGER activities_live_truncate AFTER TRUNCATE ON "activities" FOR EACH STATEMENT EXECUTE FUNCTION live_truncate();
--> statement-breakpoint
CREATE TRIGGER activity_patients_live_truncate AFTER TRUNCATE ON "activity_patients" FOR EACH STATEMENT EXECUTE FUNCTION live_truncate();
--> statement-breakpoint
CREATE TRIGGER activity_therapists_live_truncate AFTER TRUNCATE ON "activity_therapists" FOR EACH STATEMENT EXECUTE FUNCTION live_truncate();
--> statement-breakpoint
CREATE TRIGGER transport_runs_live_truncate AFTER TRUNCATE ON "transport_runs" FOR EACH STATEMENT EXECUTE FUNCTION live_truncate();
--> statement-breakpoint
CREATE TRIGGER transport_patients_live_truncate AFTER TRUNCATE ON "transport_patients" FOR EACH STATEMENT EXECUTE FUNCTION live_truncate();
--> statement-breakpoint
CREATE TRIGGER transport_therapists_live_truncate AFTER TRUNCATE ON "transport_therapists" FOR EACH STATEMENT EXECUTE FUNCTION live_truncate();
--> statement-breakpoint
CREATE TRIGGER absences_live_truncate AFTER TRUNCATE ON "absences" FOR EACH STATEMENT EXECUTE FUNCTION live_truncate();
--> statement-breakpoint
CREATE TRIGGER roll_call_live_truncate AFTER TRUNCATE ON "roll_call" FOR EACH STATEMENT EXECUTE FUNCTION live_truncate();
--> statement-breakpoint
CREATE TRIGGER closed_months_live_truncate AFTER TRUNCATE ON "closed_months" FOR EACH STATEMENT EXECUTE FUNCTION live_truncate();
--> statement-breakpoint
CREATE TRIGGER closing_days_live_truncate AFTER TRUNCATE ON "closing_days" FOR EACH STATEMENT EXECUTE FUNCTION live_truncate();
--> statement-breakpoint
CREATE TRIGGER attendance_corrections_live_truncate AFTER TRUNCATE ON "attendance_corrections" FOR EACH STATEMENT EXECUTE FUNCTION live_truncate();
--> statement-breakpoint
CREATE TRIGGER patients_live_truncate AFTER TRUNCATE ON "patients" FOR EACH STATEMENT EXECUTE FUNCTION live_truncate();
--> statement-breakpoint
CREATE TRIGGER therapists_live_truncate AFTER TRUNCATE ON "therapists" FOR EACH STATEMENT EXECUTE FUNCTION live_truncate();
--> statement-breakpoint
CREATE TRIGGER rooms_live_truncate AFTER TRUNCATE ON "rooms" FOR EACH STATEMENT EXECUTE FUNCTION live_truncate();
--> statement-breakpoint
CREATE TRIGGER users_live_truncate AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION live_truncate();
--> statement-breakpoint
CREATE TRIGGER sessions_live_truncate AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION live_sessions_truncated();
