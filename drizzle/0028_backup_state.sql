CREATE TABLE "backup_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_slot" timestamp with time zone,
	"last_file" text,
	"last_at" timestamp with time zone,
	"last_bytes" bigint,
	"last_duration_ms" integer,
	"last_verified" boolean,
	"last_rows" integer,
	"error" text,
	"error_at" timestamp with time zone,
	"retry_at" timestamp with time zone,
	CONSTRAINT "backup_state_single_row" CHECK ("backup_state"."id" = 1)
);
