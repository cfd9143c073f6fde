CREATE TABLE "access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"username" text NOT NULL,
	"kind" text NOT NULL,
	"day" date,
	"day_to" date,
	"patient_id" integer
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"username" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer,
	"day" date,
	"day_to" date,
	"patients" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"therapists" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE INDEX "access_log_patient_at_idx" ON "access_log" USING btree ("patient_id","at");--> statement-breakpoint
CREATE INDEX "access_log_day_idx" ON "access_log" USING btree ("day");--> statement-breakpoint
CREATE INDEX "access_log_at_idx" ON "access_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_user_at_idx" ON "audit_log" USING btree ("user_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_at_idx" ON "audit_log" USING btree ("action","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_day_idx" ON "audit_log" USING btree ("day");--> statement-breakpoint
CREATE INDEX "audit_log_patients_idx" ON "audit_log" USING gin ("patients");--> statement-breakpoint
CREATE INDEX "audit_log_therapists_idx" ON "audit_log" USING gin ("therapists");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","at" DESC NULLS LAST);--> statement-breakpoint
-- Append-only (docs/decisions/0011-audit-log.md): no statement of the application changes or removes a
-- row of the registro or of the access log. The one exception is the retention purge, which sets
-- giornata.purge = 'on' for its own transaction and deletes only rows older than 730 days (the floor of
-- AUDIT_RETENTION_DAYS). TRUNCATE has no rows to judge: always refused.
CREATE OR REPLACE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('giornata.purge', true) = 'on' AND OLD.at < now() - interval '730 days' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'registro in sola aggiunta: % su % rifiutato', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER access_log_append_only BEFORE UPDATE OR DELETE ON "access_log" FOR EACH ROW EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER access_log_no_truncate BEFORE TRUNCATE ON "access_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
