-- The plan's links checked once per statement (docs/decisions/0037-plan-links-statement-level.md). A
-- foreign key is a row-level trigger: replacing 26 weeks of a template ran 8,000 cascades and
-- 80,000 checks, one query each, about half the apply's time. The ten foreign keys of the plan's
-- tables (activities, their people, minibus runs and their people) become statement-level
-- triggers with transition tables that do the same work set-wise: a new or changed row must name
-- rows that exist (locked FOR KEY SHARE, as a foreign key locks them, so a concurrent delete waits
-- or is seen); a deleted activity or run takes its links (and a run its TRASPORTO placements)
-- with it in one statement; a patient, therapist or room still named cannot be deleted. The
-- refusals keep the constraints' names and SQLSTATE 23503, so the app's messages do not change.
-- The anagrafiche's other references (absences, roll call, accounts) stay foreign keys.
-- Also: the absences' indexes end with start_day, so the day's "absent?" probe is decided in the index (the cold
-- day read at 10 years fetched every later absence of each person from the heap: 1.9x its time at 1 month).
ALTER TABLE "activities" DROP CONSTRAINT "activities_room_id_rooms_id_fk";
--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_transport_run_id_transport_runs_id_fk";
--> statement-breakpoint
ALTER TABLE "activity_patients" DROP CONSTRAINT "activity_patients_activity_id_activities_id_fk";
--> statement-breakpoint
ALTER TABLE "activity_patients" DROP CONSTRAINT "activity_patients_patient_id_patients_id_fk";
--> statement-breakpoint
ALTER TABLE "activity_therapists" DROP CONSTRAINT "activity_therapists_activity_id_activities_id_fk";
--> statement-breakpoint
ALTER TABLE "activity_therapists" DROP CONSTRAINT "activity_therapists_therapist_id_therapists_id_fk";
--> statement-breakpoint
ALTER TABLE "transport_patients" DROP CONSTRAINT "transport_patients_run_id_transport_runs_id_fk";
--> statement-breakpoint
ALTER TABLE "transport_patients" DROP CONSTRAINT "transport_patients_patient_id_patients_id_fk";
--> statement-breakpoint
ALTER TABLE "transport_therapists" DROP CONSTRAINT "transport_therapists_run_id_transport_runs_id_fk";
--> statement-breakpoint
ALTER TABLE "transport_therapists" DROP CONSTRAINT "transport_therapists_therapist_id_therapists_id_fk";
--> statement-breakpoint
DROP INDEX "absences_patient_idx";--> statement-breakpoint
DROP INDEX "absences_therapist_idx";--> statement-breakpoint
CREATE INDEX "absences_patient_idx" ON "absences" USING btree ("patient_id","end_day","start_day");--> statement-breakpoint
CREATE INDEX "absences_therapist_idx" ON "absences" USING btree ("therapist_id","end_day","start_day");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plan_refs_exist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  i integer := 0;
  named text;
  missing integer;
BEGIN
  -- TG_ARGV: (column, referenced table, constraint name) triples. An update checks only the values it brought,
  -- as a foreign key checks only a changed key.
  WHILE i < TG_NARGS LOOP
    named := CASE WHEN TG_OP = 'INSERT' THEN format('SELECT n.%1$I FROM plan_new n', TG_ARGV[i])
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
--> statement-breakpoint
-- A referenced row deleted, or its id changed, while a row of another table still names it.
CREATE OR REPLACE FUNCTION plan_refs_restrict() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  i integer := 0;
  used integer;
BEGIN
  -- TG_ARGV: (referencing table, its column, constraint name) triples.
  WHILE i < TG_NARGS LOOP
    IF TG_OP = 'DELETE' THEN
      EXECUTE format('SELECT c.%2$I FROM %1$I c WHERE c.%2$I = ANY (ARRAY(SELECT o.id FROM plan_old o)) LIMIT 1', TG_ARGV[i], TG_ARGV[i + 1]) INTO used;
    ELSE
      EXECUTE format('SELECT c.%2$I FROM %1$I c WHERE c.%2$I = ANY (ARRAY(SELECT o.id FROM plan_old o EXCEPT SELECT n.id FROM plan_new n)) LIMIT 1',
        TG_ARGV[i], TG_ARGV[i + 1]) INTO used;
    END IF;
    IF used IS NOT NULL THEN
      RAISE EXCEPTION 'update or delete on table "%" violates foreign key constraint "%" on table "%"', TG_TABLE_NAME, TG_ARGV[i + 2], TG_ARGV[i]
        USING ERRCODE = 'foreign_key_violation', CONSTRAINT = TG_ARGV[i + 2], TABLE = TG_ARGV[i],
          DETAIL = format('Key (id)=(%s) is still referenced from table "%s".', used, TG_ARGV[i]);
    END IF;
    i := i + 3;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Activities deleted: their people with them, one statement a table.
CREATE OR REPLACE FUNCTION plan_activities_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM activity_patients WHERE activity_id = ANY (ARRAY(SELECT id FROM plan_old));
  DELETE FROM activity_therapists WHERE activity_id = ANY (ARRAY(SELECT id FROM plan_old));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Minibus runs deleted: their TRASPORTO placements (whose own trigger takes their people) and their passengers and staff.
CREATE OR REPLACE FUNCTION plan_runs_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM activities WHERE transport_run_id = ANY (ARRAY(SELECT id FROM plan_old));
  DELETE FROM transport_patients WHERE run_id = ANY (ARRAY(SELECT id FROM plan_old));
  DELETE FROM transport_therapists WHERE run_id = ANY (ARRAY(SELECT id FROM plan_old));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER activities_plan_refs_insert AFTER INSERT ON "activities" REFERENCING NEW TABLE AS plan_new FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_exist('room_id', 'rooms', 'activities_room_id_rooms_id_fk', 'transport_run_id', 'transport_runs', 'activities_transport_run_id_transport_runs_id_fk');
--> statement-breakpoint
CREATE TRIGGER activities_plan_refs_update AFTER UPDATE ON "activities" REFERENCING OLD TABLE AS plan_old NEW TABLE AS plan_new FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_exist('room_id', 'rooms', 'activities_room_id_rooms_id_fk', 'transport_run_id', 'transport_runs', 'activities_transport_run_id_transport_runs_id_fk');
--> statement-breakpoint
CREATE TRIGGER activity_patients_plan_refs_insert AFTER INSERT ON "activity_patients" REFERENCING NEW TABLE AS plan_new FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_exist('activity_id', 'activities', 'activity_patients_activity_id_activities_id_fk', 'patient_id', 'patients', 'activity_patients_patient_id_patients_id_fk');
--> statement-breakpoint
CREATE TRIGGER activity_patients_plan_refs_update AFTER UPDATE ON "activity_patients" REFERENCING OLD TABLE AS plan_old NEW TABLE AS plan_new FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_exist('activity_id', 'activities', 'activity_patients_activity_id_activities_id_fk', 'patient_id', 'patients', 'activity_patients_patient_id_patients_id_fk');
--> statement-breakpoint
CREATE TRIGGER activity_therapists_plan_refs_insert AFTER INSERT ON "activity_therapists" REFERENCING NEW TABLE AS plan_new FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_exist('activity_id', 'activities', 'activity_therapists_activity_id_activities_id_fk', 'therapist_id', 'therapists', 'activity_therapists_therapist_id_therapists_id_fk');
--> statement-breakpoint
CREATE TRIGGER activity_therapists_plan_refs_update AFTER UPDATE ON "activity_therapists" REFERENCING OLD TABLE AS plan_old NEW TABLE AS plan_new FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_exist('activity_id', 'activities', 'activity_therapists_activity_id_activities_id_fk', 'therapist_id', 'therapists', 'activity_therapists_therapist_id_therapists_id_fk');
--> statement-breakpoint
CREATE TRIGGER transport_patients_plan_refs_insert AFTER INSERT ON "transport_patients" REFERENCING NEW TABLE AS plan_new FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_exist('run_id', 'transport_runs', 'transport_patients_run_id_transport_runs_id_fk', 'patient_id', 'patients', 'transport_patients_patient_id_patients_id_fk');
--> statement-breakpoint
CREATE TRIGGER transport_patients_plan_refs_update AFTER UPDATE ON "transport_patients" REFERENCING OLD TABLE AS plan_old NEW TABLE AS plan_new FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_exist('run_id', 'transport_runs', 'transport_patients_run_id_transport_runs_id_fk', 'patient_id', 'patients', 'transport_patients_patient_id_patients_id_fk');
--> statement-breakpoint
CREATE TRIGGER transport_therapists_plan_refs_insert AFTER INSERT ON "transport_therapists" REFERENCING NEW TABLE AS plan_new FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_exist('run_id', 'transport_runs', 'transport_therapists_run_id_transport_runs_id_fk', 'therapist_id', 'therapists', 'transport_therapists_therapist_id_therapists_id_fk');
--> statement-breakpoint
CREATE TRIGGER transport_therapists_plan_refs_update AFTER UPDATE ON "transport_therapists" REFERENCING OLD TABLE AS plan_old NEW TABLE AS plan_new FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_exist('run_id', 'transport_runs', 'transport_therapists_run_id_transport_runs_id_fk', 'therapist_id', 'therapists', 'transport_therapists_therapist_id_therapists_id_fk');
--> statement-breakpoint
CREATE TRIGGER activities_plan_links_delete AFTER DELETE ON "activities" REFERENCING OLD TABLE AS plan_old FOR EACH STATEMENT
  EXECUTE FUNCTION plan_activities_deleted();
--> statement-breakpoint
CREATE TRIGGER activities_plan_links_update AFTER UPDATE ON "activities" REFERENCING OLD TABLE AS plan_old NEW TABLE AS plan_new FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_restrict('activity_patients', 'activity_id', 'activity_patients_activity_id_activities_id_fk', 'activity_therapists', 'activity_id', 'activity_therapists_activity_id_activities_id_fk');
--> statement-breakpoint
CREATE TRIGGER transport_runs_plan_links_delete AFTER DELETE ON "transport_runs" REFERENCING OLD TABLE AS plan_old FOR EACH STATEMENT
  EXECUTE FUNCTION plan_runs_deleted();
--> statement-breakpoint
CREATE TRIGGER transport_runs_plan_links_update AFTER UPDATE ON "transport_runs" REFERENCING OLD TABLE AS plan_old NEW TABLE AS plan_new FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_restrict('activities', 'transport_run_id', 'activities_transport_run_id_transport_runs_id_fk', 'transport_patients', 'run_id', 'transport_patients_run_id_transport_runs_id_fk', 'transport_therapists', 'run_id', 'transport_therapists_run_id_transport_runs_id_fk');
--> statement-breakpoint
CREATE TRIGGER patients_plan_refs_delete AFTER DELETE ON "patients" REFERENCING OLD TABLE AS plan_old FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_restrict('activity_patients', 'patient_id', 'activity_patients_patient_id_patients_id_fk', 'transport_patients', 'patient_id', 'transport_patients_patient_id_patients_id_fk');
--> statement-breakpoint
CREATE TRIGGER patients_plan_refs_update AFTER UPDATE ON "patients" REFERENCING OLD TABLE AS plan_old NEW TABLE AS plan_new FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_restrict('activity_patients', 'patient_id', 'activity_patients_patient_id_patients_id_fk', 'transport_patients', 'patient_id', 'transport_patients_patient_id_patients_id_fk');
--> statement-breakpoint
CREATE TRIGGER therapists_plan_refs_delete AFTER DELETE ON "therapists" REFERENCING OLD TABLE AS plan_old FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_restrict('activity_therapists', 'therapist_id', 'activity_therapists_therapist_id_therapists_id_fk', 'transport_therapists', 'therapist_id', 'transport_therapists_therapist_id_therapists_id_fk');
--> statement-breakpoint
CREATE TRIGGER therapists_plan_refs_update AFTER UPDATE ON "therapists" REFERENCING OLD TABLE AS plan_old NEW TABLE AS plan_new FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_restrict('activity_therapists', 'therapist_id', 'activity_therapists_therapist_id_therapists_id_fk', 'transport_therapists', 'therapist_id', 'transport_therapists_therapist_id_therapists_id_fk');
--> statement-breakpoint
CREATE TRIGGER rooms_plan_refs_delete AFTER DELETE ON "rooms" REFERENCING OLD TABLE AS plan_old FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_restrict('activities', 'room_id', 'activities_room_id_rooms_id_fk');
--> statement-breakpoint
CREATE TRIGGER rooms_plan_refs_update AFTER UPDATE ON "rooms" REFERENCING OLD TABLE AS plan_old NEW TABLE AS plan_new FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_restrict('activities', 'room_id', 'activities_room_id_rooms_id_fk');
