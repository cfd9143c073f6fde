CREATE TABLE "activity_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"profile" text,
	"participants" integer NOT NULL,
	"minutes" integer NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	CONSTRAINT "activity_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "care_plan_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"sessions" integer NOT NULL,
	"minutes" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "care_plan_rows_once" UNIQUE("plan_id","type_id")
);
--> statement-breakpoint
CREATE TABLE "care_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date,
	"review_day" date NOT NULL,
	"goals" text DEFAULT '' NOT NULL,
	"attendance" jsonb NOT NULL,
	CONSTRAINT "care_plans_period" CHECK ("care_plans"."end_day" is null or "care_plans"."end_day" >= "care_plans"."start_day")
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "type_id" integer;--> statement-breakpoint
ALTER TABLE "therapists" ADD COLUMN "profile" text;--> statement-breakpoint
ALTER TABLE "therapists" ADD COLUMN "weekly_minutes" integer;--> statement-breakpoint
ALTER TABLE "therapists" ADD COLUMN "availability" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "care_plan_rows" ADD CONSTRAINT "care_plan_rows_plan_id_care_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."care_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plan_rows" ADD CONSTRAINT "care_plan_rows_type_id_activity_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."activity_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plans" ADD CONSTRAINT "care_plans_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_plans_patient_idx" ON "care_plans" USING btree ("patient_id","start_day");--> statement-breakpoint
CREATE INDEX "care_plans_period_idx" ON "care_plans" USING btree ("start_day","end_day");--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_type_id_activity_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."activity_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_type_day_idx" ON "activities" USING btree ("type_id","day");--> statement-breakpoint
ALTER TABLE "therapists" ADD CONSTRAINT "therapists_profile_code" CHECK ("therapists"."profile" IS NULL OR "therapists"."profile" IN ('mmg_pls', 'medico_specialista', 'infermiere', 'oss', 'fisioterapista', 'logopedista', 'tnpee', 'terp', 'terapista_occupazionale', 'psicologo', 'assistente_sociale', 'educatore_professionale', 'altro'));--> statement-breakpoint
-- The day's conflicts read the types, the progetti and their righe (issue 29): their writes move
-- calendar_version (the day cache), and tell live screens as the other lists do (anagrafiche).
CREATE TRIGGER activity_types_bump_calendar_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "activity_types" FOR EACH STATEMENT EXECUTE FUNCTION bump_calendar_version();
--> statement-breakpoint
CREATE TRIGGER care_plans_bump_calendar_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "care_plans" FOR EACH STATEMENT EXECUTE FUNCTION bump_calendar_version();
--> statement-breakpoint
CREATE TRIGGER care_plan_rows_bump_calendar_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "care_plan_rows" FOR EACH STATEMENT EXECUTE FUNCTION bump_calendar_version();
--> statement-breakpoint
CREATE TRIGGER activity_types_live AFTER INSERT OR UPDATE OR DELETE ON "activity_types" FOR EACH STATEMENT EXECUTE FUNCTION live_flag('anagrafiche');
--> statement-breakpoint
CREATE TRIGGER care_plans_live AFTER INSERT OR UPDATE OR DELETE ON "care_plans" FOR EACH STATEMENT EXECUTE FUNCTION live_flag('anagrafiche');
--> statement-breakpoint
CREATE TRIGGER care_plan_rows_live AFTER INSERT OR UPDATE OR DELETE ON "care_plan_rows" FOR EACH STATEMENT EXECUTE FUNCTION live_flag('anagrafiche');
--> statement-breakpoint
CREATE TRIGGER activity_types_live_truncate AFTER TRUNCATE ON "activity_types" FOR EACH STATEMENT EXECUTE FUNCTION live_truncate();
--> statement-breakpoint
CREATE TRIGGER care_plans_live_truncate AFTER TRUNCATE ON "care_plans" FOR EACH STATEMENT EXECUTE FUNCTION live_truncate();
--> statement-breakpoint
CREATE TRIGGER care_plan_rows_live_truncate AFTER TRUNCATE ON "care_plan_rows" FOR EACH STATEMENT EXECUTE FUNCTION live_truncate();
