CREATE TABLE "absences" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer,
	"therapist_id" integer,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"reason" text NOT NULL,
	"justified" boolean DEFAULT true NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absences_one_person" CHECK (num_nonnulls("absences"."patient_id", "absences"."therapist_id") = 1),
	CONSTRAINT "absences_range" CHECK ("absences"."end_day" >= "absences"."start_day"),
	CONSTRAINT "absences_reason" CHECK ("absences"."reason" in ('malattia', 'ferie', 'permesso', 'ricovero', 'altro'))
);
--> statement-breakpoint
CREATE TABLE "attendance_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"month" text NOT NULL,
	"change" text NOT NULL,
	"reason" text NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "closed_months" (
	"month" text PRIMARY KEY NOT NULL,
	"closed_by" integer,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closed_months_format" CHECK ("closed_months"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "closing_days" (
	"day" date PRIMARY KEY NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roll_call" (
	"day" date NOT NULL,
	"patient_id" integer NOT NULL,
	"present" boolean NOT NULL,
	"reason" text,
	"justified" boolean DEFAULT true NOT NULL,
	"marked_by" integer,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roll_call_day_patient_id_pk" PRIMARY KEY("day","patient_id"),
	CONSTRAINT "roll_call_reason" CHECK (("roll_call"."present" and "roll_call"."reason" is null) or (not "roll_call"."present" and "roll_call"."reason" in ('malattia', 'ferie', 'permesso', 'ricovero', 'altro')))
);
--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_corrections" ADD CONSTRAINT "attendance_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closed_months" ADD CONSTRAINT "closed_months_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_call" ADD CONSTRAINT "roll_call_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_call" ADD CONSTRAINT "roll_call_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "absences_patient_idx" ON "absences" USING btree ("patient_id","end_day");--> statement-breakpoint
CREATE INDEX "absences_therapist_idx" ON "absences" USING btree ("therapist_id","end_day");--> statement-breakpoint
CREATE INDEX "absences_end_day_idx" ON "absences" USING btree ("end_day");--> statement-breakpoint
CREATE INDEX "attendance_corrections_month_idx" ON "attendance_corrections" USING btree ("month","at");--> statement-breakpoint
CREATE INDEX "roll_call_patient_idx" ON "roll_call" USING btree ("patient_id","day");--> statement-breakpoint
-- A day's answer marks absent people ("Assente"): absences and roll-call marks move calendar_version on too.
CREATE TRIGGER absences_bump_calendar_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "absences" FOR EACH STATEMENT EXECUTE FUNCTION bump_calendar_version();
--> statement-breakpoint
CREATE TRIGGER roll_call_bump_calendar_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roll_call" FOR EACH STATEMENT EXECUTE FUNCTION bump_calendar_version();
