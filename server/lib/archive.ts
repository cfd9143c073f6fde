/**
 * Archive and restore, one helper for every kind of the Anagrafiche (utenti, operatori, stanze, tipi di attività,
 * mezzi): the row's `archived` flag set in a transaction, missing → 404 with the kind's message, and one registro
 * row `anagrafica.<kind>.archivia|ripristina` with the record before and after. History is never deleted.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditAction } from '../../common/audit.ts';
import { appendAudit, readJson, type Actor } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
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
    await appendAudit(tx, by, {
      action: `anagrafica.${kind.entity}.${archived ? 'archivia' : 'ripristina'}` satisfies AuditAction,
      entity: kind.entity,
      entityId: id,
      ...(kind.person ? { [kind.person]: [id] } : {}),
      before: { [kind.entity]: before },
      after: sql`json_build_object(${kind.entity}::text, ${kind.json(id)})`,
    });
  });
  return { ok: true };
}
