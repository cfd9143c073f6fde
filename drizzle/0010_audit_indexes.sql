-- Newest first is (at, id): the ordered indexes carry id, so a filtered page of the registro is read off the
-- index; a day's undoable operations, newest first, are found by (day, action, id).
DROP INDEX "audit_log_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_user_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_action_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_day_idx";--> statement-breakpoint
DROP INDEX "audit_log_entity_idx";--> statement-breakpoint
CREATE INDEX "audit_log_at_id_idx" ON "audit_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_user_at_id_idx" ON "audit_log" USING btree ("user_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_at_id_idx" ON "audit_log" USING btree ("action","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_day_action_idx" ON "audit_log" USING btree ("day","action","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_at_id_idx" ON "audit_log" USING btree ("entity","entity_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);