CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"room_id" integer,
	"day" date NOT NULL,
	"weekday" integer NOT NULL,
	"start" time NOT NULL,
	"end" time NOT NULL,
	"transport_run_id" integer,
	CONSTRAINT "activities_room_or_transport" CHECK ("activities"."room_id" is not null or "activities"."transport_run_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "activity_patients" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	CONSTRAINT "activity_patients_once" UNIQUE("activity_id","patient_id")
);
--> statement-breakpoint
CREATE TABLE "activity_therapists" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"therapist_id" integer NOT NULL,
	CONSTRAINT "activity_therapists_once" UNIQUE("activity_id","therapist_id")
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"archived" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	CONSTRAINT "rooms_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"csrf_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "therapists" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"user_id" integer,
	"archived" boolean DEFAULT false NOT NULL,
	CONSTRAINT "therapists_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "transport_patients" (
	"run_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	CONSTRAINT "transport_patients_run_id_patient_id_pk" PRIMARY KEY("run_id","patient_id")
);
--> statement-breakpoint
CREATE TABLE "transport_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"route" text NOT NULL,
	"departure" time NOT NULL,
	"arrival" time NOT NULL,
	"minibus" integer DEFAULT 1 NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transport_therapists" (
	"run_id" integer NOT NULL,
	"therapist_id" integer NOT NULL,
	CONSTRAINT "transport_therapists_run_id_therapist_id_pk" PRIMARY KEY("run_id","therapist_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"admin" integer DEFAULT 0 NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_transport_run_id_transport_runs_id_fk" FOREIGN KEY ("transport_run_id") REFERENCES "public"."transport_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_patients" ADD CONSTRAINT "activity_patients_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_patients" ADD CONSTRAINT "activity_patients_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_therapists" ADD CONSTRAINT "activity_therapists_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_therapists" ADD CONSTRAINT "activity_therapists_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapists" ADD CONSTRAINT "therapists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_patients" ADD CONSTRAINT "transport_patients_run_id_transport_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."transport_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_patients" ADD CONSTRAINT "transport_patients_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_therapists" ADD CONSTRAINT "transport_therapists_run_id_transport_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."transport_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_therapists" ADD CONSTRAINT "transport_therapists_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_day_idx" ON "activities" USING btree ("day","start");--> statement-breakpoint
CREATE INDEX "activities_transport_idx" ON "activities" USING btree ("transport_run_id");--> statement-breakpoint
CREATE INDEX "activity_patients_patient_idx" ON "activity_patients" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "activity_therapists_therapist_idx" ON "activity_therapists" USING btree ("therapist_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "transport_patients_patient_idx" ON "transport_patients" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "transport_runs_day_idx" ON "transport_runs" USING btree ("day","departure");--> statement-breakpoint
CREATE INDEX "transport_therapists_therapist_idx" ON "transport_therapists" USING btree ("therapist_id");