-- Issue 31, the Pianificatore (docs/decisions/0040-pianificatore-solver.md).
-- Rooms: how many utenti they hold (1–50, NULL = not said) and the types of activity they are for (IDs; empty = any).
ALTER TABLE "rooms" ADD COLUMN "capacity" integer;
--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_capacity_range" CHECK ("rooms"."capacity" IS NULL OR "rooms"."capacity" BETWEEN 1 AND 50);
--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "type_ids" integer[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
-- The centre's opening hours: the grid the planner puts activities on.
ALTER TABLE "centre_settings" ADD COLUMN "opening" text DEFAULT '08:00' NOT NULL;
--> statement-breakpoint
ALTER TABLE "centre_settings" ADD COLUMN "closing" text DEFAULT '17:00' NOT NULL;
--> statement-breakpoint
ALTER TABLE "centre_settings" ADD CONSTRAINT "centre_settings_hours" CHECK ("centre_settings"."opening" ~ '^[0-2][0-9]:[0-5][0-9]$' AND "centre_settings"."closing" ~ '^[0-2][0-9]:[0-5][0-9]$' AND "centre_settings"."closing" > "centre_settings"."opening");
--> statement-breakpoint
-- The proposals: kept 7 days, never part of the calendar until applied. At most one in preparation (`in_corso`) in the
-- whole database, whatever the number of server processes: the partial unique index refuses a second.
CREATE TABLE "planner_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"week" date NOT NULL,
	"mode" text NOT NULL,
	"seconds" integer NOT NULL,
	"state" text DEFAULT 'in_corso' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"elapsed" real DEFAULT 0 NOT NULL,
	"answer" jsonb,
	"fingerprints" jsonb NOT NULL,
	"error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planner_proposals_mode" CHECK ("planner_proposals"."mode" IN ('completa', 'rifai')),
	CONSTRAINT "planner_proposals_state" CHECK ("planner_proposals"."state" IN ('in_corso', 'pronta', 'errore', 'applicata', 'scartata'))
);
--> statement-breakpoint
ALTER TABLE "planner_proposals" ADD CONSTRAINT "planner_proposals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "planner_proposals_one_running" ON "planner_proposals" USING btree ((true)) WHERE "planner_proposals"."state" = 'in_corso';
--> statement-breakpoint
CREATE INDEX "planner_proposals_created_idx" ON "planner_proposals" USING btree ("created_at");
