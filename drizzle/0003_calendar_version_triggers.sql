-- Every statement that changes what a calendar shows moves calendar_version on
-- (TRUNCATE included). Statement-level: a paste of 300 links bumps it once.
INSERT INTO "calendar_version" ("id", "version") VALUES (1, 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_calendar_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE calendar_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER activities_bump_calendar_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "activities" FOR EACH STATEMENT EXECUTE FUNCTION bump_calendar_version();
--> statement-breakpoint
CREATE TRIGGER activity_patients_bump_calendar_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "activity_patients" FOR EACH STATEMENT EXECUTE FUNCTION bump_calendar_version();
--> statement-breakpoint
CREATE TRIGGER activity_therapists_bump_calendar_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "activity_therapists" FOR EACH STATEMENT EXECUTE FUNCTION bump_calendar_version();
--> statement-breakpoint
CREATE TRIGGER transport_runs_bump_calendar_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "transport_runs" FOR EACH STATEMENT EXECUTE FUNCTION bump_calendar_version();
--> statement-breakpoint
CREATE TRIGGER transport_patients_bump_calendar_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "transport_patients" FOR EACH STATEMENT EXECUTE FUNCTION bump_calendar_version();
--> statement-breakpoint
CREATE TRIGGER transport_therapists_bump_calendar_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "transport_therapists" FOR EACH STATEMENT EXECUTE FUNCTION bump_calendar_version();
--> statement-breakpoint
CREATE TRIGGER patients_bump_calendar_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "patients" FOR EACH STATEMENT EXECUTE FUNCTION bump_calendar_version();
--> statement-breakpoint
CREATE TRIGGER therapists_bump_calendar_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "therapists" FOR EACH STATEMENT EXECUTE FUNCTION bump_calendar_version();
