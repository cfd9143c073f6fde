CREATE TABLE "centre_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"centre_name" text DEFAULT 'Centro diurno' NOT NULL,
	"saturday" boolean DEFAULT false NOT NULL,
	"ical_full_names" boolean DEFAULT false NOT NULL,
	CONSTRAINT "centre_settings_one_row" CHECK ("centre_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "ical_tokens" (
	"therapist_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "ical_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"week" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "templates_week_unique" UNIQUE("week"),
	CONSTRAINT "templates_week_reserved" CHECK ("templates"."week" >= date '3000-01-06')
);
--> statement-breakpoint
ALTER TABLE "ical_tokens" ADD CONSTRAINT "ical_tokens_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "templates_name_idx" ON "templates" USING btree (lower("name"));