-- A calendar link dies with its access (docs/decisions/0019-calendar-links.md; server/features/agenda/ical.ts relies on it).
-- The centre's choice of full names in the feed becomes initials, the most the feed now shows.
UPDATE "centre_settings" SET "ical_initials" = true WHERE "ical_full_names";
--> statement-breakpoint
-- Links made before this version do not say who made them, so nothing could end them with that account: they end now.
DELETE FROM "ical_tokens" WHERE "created_by" IS NULL;
--> statement-breakpoint
-- A therapist archived, or linked to another account (or to none): her link ends, and restoring her does not bring it back.
CREATE OR REPLACE FUNCTION end_therapist_ical_token() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ical_tokens WHERE therapist_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER therapists_end_ical_token AFTER UPDATE OF "archived", "user_id" ON "therapists" FOR EACH ROW
  WHEN ((NEW.archived AND NOT OLD.archived) OR NEW.user_id IS DISTINCT FROM OLD.user_id)
  EXECUTE FUNCTION end_therapist_ical_token();
--> statement-breakpoint
-- An account disabled: the links it made end, and so does the link of the therapist it is linked to.
-- (A new password does the same from server/db/credentials.ts: a sign-in that only rehashes the same password must not.)
CREATE OR REPLACE FUNCTION end_account_ical_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ical_tokens
  WHERE created_by = NEW.id OR therapist_id IN (SELECT id FROM therapists WHERE user_id = NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_end_ical_tokens AFTER UPDATE OF "disabled" ON "users" FOR EACH ROW
  WHEN (NEW.disabled AND NOT OLD.disabled)
  EXECUTE FUNCTION end_account_ical_tokens();
