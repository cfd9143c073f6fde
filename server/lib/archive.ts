/**
 * Archive and restore, one helper for every kind of the Anagrafiche (utenti, operatori, stanze, tipi di attività,
 * mezzi): the row's `archived` flag set in a transaction, missing → 404 with the kind's message, and one registro
 * row `anagrafica.<kind>.archivia|ripristina` with the record before and after. History is never deleted.
 */
import { eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idOnlySchema } from '../../common/anagrafiche.ts';
import { ok, okAnswer } from '../../common/calendario.ts';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditAction } from '../../common/audit.ts';
import { auditRecord, readJson, type Actor } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import { currentUser } from './guards.ts';
import { notFound, oneRow } from './http-error.ts';

export interface Archivable {
  table: PgTable;
  id: PgColumn;
  /** The registro's entity, the key of its before/after (`{"stanza": {...}}`) and its actions' middle word. */
  entity: 'paziente' | 'terapista' | 'stanza' | 'tipo' | 'mezzo';
  /** The record as the registro keeps it. */
  json: (id: number | SQL) => SQL;
  missing: string;
  /** Whom the registro row names (utenti, operatori), for the person filter. */
  person?: 'patients' | 'therapists';
}

type AuditBefore = Parameters<typeof auditRecord>[2]['before'];

/** The archive-and-restore call of one kind: `(db, by, id, archived)`. */
export const archiver = (kind: Archivable) => (db: Db, by: Actor, id: number, archived: boolean) => setArchived(db, by, kind, id, archived);

async function setArchived(db: Db, by: Actor, kind: Archivable, id: number, archived: boolean) {
  await db.transaction(async (tx) => {
    const before = await readJson(tx, kind.json(id));
    oneRow(
      // Every Archivable table has an `archived` column; drizzle cannot say so of a table given as a value.
      await tx
        .update(kind.table)
        .set({ archived } as never)
        .where(eq(kind.id, id))
        .returning({ id: kind.id }),
      notFound(kind.missing),
    );
    await auditAnagrafica(tx, by, kind, archived ? 'archivia' : 'ripristina', id, before);
  });
  return { ok: true };
}

/** The registro row of a change to one record of a kind: `anagrafica.<kind>.<verb>`, with the record before (if any) and after. */
export function auditAnagrafica(
  tx: Db,
  by: Actor,
  kind: Archivable,
  verb: 'crea' | 'modifica' | 'archivia' | 'ripristina',
  id: number,
  before?: AuditBefore,
) {
  return auditRecord(tx, by, {
    action: `anagrafica.${kind.entity}.${verb}` satisfies AuditAction,
    entity: kind.entity,
    id,
    json: kind.json,
    ...(kind.person ? { [kind.person]: [id] } : {}),
    before,
  });
}

/** `?archiviati=1`: the archived records of a kind instead of the active ones. */
export const archivedQuery = z.object({ archiviati: z.enum(['0', '1']).optional().default('0') });

/**
 * `POST <path>/archivia` and `<path>/ripristina` of one kind, `{ID}` in the body. Who may call them is the plugin's
 * own hook (administrators, in Anagrafiche and Trasporti).
 */
export function archiveRoutes(app: Parameters<FastifyPluginAsyncZod>[0], db: Db, path: string, setArchived: ReturnType<typeof archiver>) {
  for (const [verb, archived] of [
    ['archivia', true],
    ['ripristina', false],
  ] as const) {
    app.post(`${path}/${verb}`, { schema: { body: idOnlySchema, response: ok(okAnswer) } }, async (req) =>
      setArchived(db, currentUser(req), req.body.ID, archived),
    );
  }
}
