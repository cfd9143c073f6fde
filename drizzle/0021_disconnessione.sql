-- Logout is "Disconnessione": "uscita" means only a minibus run (issue 25, docs/glossary.md). The registro's
-- action `accesso.uscita` becomes `accesso.disconnessione`, in the rows already stored too.
-- The rows are hash-chained (docs/decisions/0023-audit-hash-chain.md): the chain hashes a canonical form
-- of each row in which the action's old and new names are one, the old spelling, the one the stored
-- rows were hashed with. So no hash is recomputed, every row before this migration still checks, and a
-- row written after it checks alike (docs/decisions/0034-answers-checked-one-vocabulary.md).
CREATE OR REPLACE FUNCTION audit_log_content(r audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_array(r.id, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), r.user_id, r.username,
    CASE r.action WHEN 'accesso.disconnessione' THEN 'accesso.uscita' ELSE r.action END,
    r.entity, r.entity_id, to_char(r.day, 'YYYY-MM-DD'), to_char(r.day_to, 'YYYY-MM-DD'),
    to_jsonb(r.patients), to_jsonb(r.therapists), r.before, r.after)::text
$$;
--> statement-breakpoint
-- The one rewrite of stored rows: the append-only trigger stands aside for it, as in 0016.
ALTER TABLE "audit_log" DISABLE TRIGGER audit_log_append_only;
--> statement-breakpoint
UPDATE "audit_log" SET "action" = 'accesso.disconnessione' WHERE "action" = 'accesso.uscita';
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER audit_log_append_only;
