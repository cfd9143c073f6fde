ALTER TABLE "therapists" ADD COLUMN "first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "therapists" ADD COLUMN "last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- What a search compares (docs/decisions/0031-search-key.md): letters without accents, lower case,
-- no apostrophes, a doubled letter written once ("Niccolò" -> "nicolo", "Foà" and "Foa'" -> "foa").
-- Plain built-ins only (no unaccent extension): the same on PGlite and PostgreSQL. Named in
-- server/db/search-key.ts.
CREATE FUNCTION giornata_search_key(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ select regexp_replace(lower(translate(value,
    'àáâäãåèéêëìíîïòóôöõùúûüýÿçñÀÁÂÄÃÅÈÉÊËÌÍÎÏÒÓÔÖÕÙÚÛÜÝÇÑ''’`´',
    'aaaaaaeeeeiiiiooooouuuuyycnAAAAAAEEEEIIIIOOOOOUUUUYCN')), '(.)\1+', '\1', 'g') $$;--> statement-breakpoint
-- The duplicate question (same name and surname, "Esiste già Niccolò Foà") looks up these keys.
CREATE INDEX "patients_name_key_idx" ON "patients" USING btree (giornata_search_key("last_name"), giornata_search_key("first_name"));
