DROP INDEX "access_log_patient_at_idx";--> statement-breakpoint
DROP INDEX "access_log_day_idx";--> statement-breakpoint
ALTER TABLE "access_log" ADD COLUMN "conteggio" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "access_log" ADD COLUMN "ultima" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "access_log_patient_at_id_idx" ON "access_log" USING btree ("patient_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "access_log_day_read_idx" ON "access_log" USING btree ("day","at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE patient_id is null and (day_to is null or day_to = day) and kind in ('giornata', 'settimana', 'presenze', 'esportazione', 'calendario');--> statement-breakpoint
CREATE INDEX "access_log_range_read_idx" ON "access_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE patient_id is null and day_to > day and kind in ('giornata', 'settimana', 'presenze', 'esportazione', 'calendario');--> statement-breakpoint
CREATE INDEX "access_log_undated_read_idx" ON "access_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE patient_id is null and day is null and kind in ('giornata', 'settimana', 'presenze', 'esportazione', 'calendario');--> statement-breakpoint
CREATE INDEX "access_log_username_at_idx" ON "access_log" USING btree ("username","at" DESC NULLS LAST);--> statement-breakpoint
-- Coalescing (docs/decisions/0022-coalesced-access-log.md): a row of the access log may be UPDATEd
-- only to count more identical reads — conteggio up, ultima later — with every other column as it
-- was (compared as the whole row, so columns added later are kept too). Anything else is refused as
-- before; DELETE only by the retention purge (0009_audit.sql).
CREATE OR REPLACE FUNCTION access_log_coalesce_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.conteggio > OLD.conteggio AND NEW.ultima IS NOT NULL
     AND NEW.ultima >= coalesce(OLD.ultima, OLD.at)
     AND (to_jsonb(NEW) - 'conteggio' - 'ultima') = (to_jsonb(OLD) - 'conteggio' - 'ultima') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' AND current_setting('giornata.purge', true) = 'on' AND OLD.at < now() - interval '730 days' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'registro in sola aggiunta: % su % rifiutato', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
DROP TRIGGER access_log_append_only ON "access_log";
--> statement-breakpoint
CREATE TRIGGER access_log_append_only BEFORE UPDATE OR DELETE ON "access_log" FOR EACH ROW EXECUTE FUNCTION access_log_coalesce_only();
