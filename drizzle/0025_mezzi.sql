-- Issue 30, Trasporti (docs/decisions/0039-mezzi-table.md): the two fixed minibuses become rows of a table of mezzi
-- (IDs 1 "Pulmino bianco" and 2 "Pulmino blu", 8 seats, 1 wheelchair place), and every run keeps its RifPulmino, now
-- a reference to it. A run used to read "1 white, anything else blue": any other value becomes 2, so every run stays on
-- the minibus it showed. The reference is checked per statement as the plan's other links are
-- (drizzle/0023, docs/decisions/0037): pasting months of days names mezzi in one check, not one per run.
-- Also: the utenti's pickup fields, each passenger's place and stop time, the autista mark on a run's staff.
CREATE TABLE "mezzi" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"plate" text DEFAULT '' NOT NULL,
	"seats" integer NOT NULL,
	"wheelchair_seats" integer NOT NULL,
	"colour" text NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	CONSTRAINT "mezzi_name_unique" UNIQUE("name"),
	CONSTRAINT "mezzi_seats" CHECK ("mezzi"."seats" BETWEEN 1 AND 60),
	CONSTRAINT "mezzi_wheelchair_seats" CHECK ("mezzi"."wheelchair_seats" BETWEEN 0 AND 10 AND "mezzi"."wheelchair_seats" <= "mezzi"."seats"),
	CONSTRAINT "mezzi_colour" CHECK ("mezzi"."colour" IN ('bianco', 'blu', 'rosso', 'verde', 'giallo', 'arancione', 'viola', 'grigio'))
);
--> statement-breakpoint
INSERT INTO "mezzi" ("id", "name", "plate", "seats", "wheelchair_seats", "colour") VALUES
  (1, 'Pulmino bianco', '', 8, 1, 'bianco'),
  (2, 'Pulmino blu', '', 8, 1, 'blu');
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('mezzi', 'id'), 2);
--> statement-breakpoint
UPDATE "transport_runs" SET "minibus" = 2 WHERE "minibus" <> 1;
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "address" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "wheelchair" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "transport_notes" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "transport_patients" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "transport_patients" ADD COLUMN "stop_time" time;
--> statement-breakpoint
-- The passengers of before keep the order the calendar showed them in: by surname, name, id.
UPDATE "transport_patients" tp SET "position" = o.position
FROM (
  SELECT tp2.run_id, tp2.patient_id,
         row_number() OVER (PARTITION BY tp2.run_id ORDER BY p.last_name, p.first_name, p.id)::integer AS position
  FROM "transport_patients" tp2 JOIN "patients" p ON p.id = tp2.patient_id
) o
WHERE o.run_id = tp.run_id AND o.patient_id = tp.patient_id;
--> statement-breakpoint
ALTER TABLE "transport_therapists" ADD COLUMN "driver" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "transport_therapists_one_driver" ON "transport_therapists" USING btree ("run_id") WHERE "transport_therapists"."driver";
--> statement-breakpoint
CREATE TRIGGER transport_runs_plan_refs_insert AFTER INSERT ON "transport_runs" REFERENCING NEW TABLE AS plan_new FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_exist('minibus', 'mezzi', 'transport_runs_minibus_mezzi_id_fk');
--> statement-breakpoint
CREATE TRIGGER transport_runs_plan_refs_update AFTER UPDATE ON "transport_runs" REFERENCING OLD TABLE AS plan_old NEW TABLE AS plan_new FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_exist('minibus', 'mezzi', 'transport_runs_minibus_mezzi_id_fk');
--> statement-breakpoint
CREATE TRIGGER mezzi_plan_refs_delete AFTER DELETE ON "mezzi" REFERENCING OLD TABLE AS plan_old FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_restrict('transport_runs', 'minibus', 'transport_runs_minibus_mezzi_id_fk');
--> statement-breakpoint
CREATE TRIGGER mezzi_plan_refs_update AFTER UPDATE ON "mezzi" REFERENCING OLD TABLE AS plan_old NEW TABLE AS plan_new FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_restrict('transport_runs', 'minibus', 'transport_runs_minibus_mezzi_id_fk');
--> statement-breakpoint
-- The day's answers carry each run's mezzo and its conflicts read the seats: writes move calendar_version (the day
-- cache) and tell live screens as the other lists do (anagrafiche).
CREATE TRIGGER mezzi_bump_calendar_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mezzi" FOR EACH STATEMENT EXECUTE FUNCTION bump_calendar_version();
--> statement-breakpoint
CREATE TRIGGER mezzi_live AFTER INSERT OR UPDATE OR DELETE ON "mezzi" FOR EACH STATEMENT EXECUTE FUNCTION live_flag('anagrafiche');
--> statement-breakpoint
CREATE TRIGGER mezzi_live_truncate AFTER TRUNCATE ON "mezzi" FOR EACH STATEMENT EXECUTE FUNCTION live_truncate();
