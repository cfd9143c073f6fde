-- A day's answer names the rooms of its conflicts: renaming, archiving or
-- moving a room moves calendar_version on too, so no cached day keeps an old name.
CREATE TRIGGER rooms_bump_calendar_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rooms" FOR EACH STATEMENT EXECUTE FUNCTION bump_calendar_version();
