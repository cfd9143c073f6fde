/**
 * Tipi di attività of the Anagrafiche (issue 29): list, create, edit, archive and restore; never deleted (activities
 * and progetti keep pointing at them). The name is stored in its NFKC form (identifierText) and is unique.
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { PROGETTI_MSG as M, type Profilo, type TipoRecord, type tipoFormSchema, type tipoUpdateSchema } from '../../../common/progetti.ts';
import { readJson, type Actor } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { refuseViolations } from '../../db/queries.ts';
import { activityTypes } from '../../db/schema.ts';
import { notFound, oneRow } from '../../lib/http-error.ts';
import { archiver, auditAnagrafica, type Archivable } from '../../lib/archive.ts';

/** `{ID, nome, profilo, partecipanti, minuti, archiviato}` of a type, for the registro's before/after. */
export const activityTypeJson = (id: number | SQL): SQL =>
  sql`(select json_build_object('ID', t.id, 'nome', t.name, 'profilo', t.profile, 'partecipanti', t.participants,
        'minuti', t.minutes, 'archiviato', t.archived) from activity_types t where t.id = ${id})`;

export async function listActivityTypes(db: Db, archived: boolean): Promise<TipoRecord[]> {
  const rows = await db
    .select({
      ID: activityTypes.id,
      Nome: activityTypes.name,
      profilo: activityTypes.profile,
      partecipanti: activityTypes.participants,
      minuti: activityTypes.minutes,
      Archiviato: activityTypes.archived,
    })
    .from(activityTypes)
    .where(eq(activityTypes.archived, archived))
    .orderBy(asc(activityTypes.name), asc(activityTypes.id));
  return rows.map((r) => ({ ...r, profilo: r.profilo as Profilo | null }));
}

const columns = (input: z.output<typeof tipoFormSchema>) => ({
  name: input.Nome,
  profile: input.profilo,
  participants: input.partecipanti,
  minutes: input.minuti,
});

export async function createActivityType(db: Db, by: Actor, input: z.output<typeof tipoFormSchema>) {
  return db.transaction(async (tx) => {
    const [row] = await refuseViolations(() => tx.insert(activityTypes).values(columns(input)).returning({ id: activityTypes.id }), {
      duplicate: M.tipoDuplicate,
    });
    await auditAnagrafica(tx, by, ACTIVITY_TYPE, 'crea', row.id);
    return { insertId: row.id };
  });
}

export async function updateActivityType(db: Db, by: Actor, input: z.output<typeof tipoUpdateSchema>) {
  await db.transaction(async (tx) => {
    const before = await readJson(tx, activityTypeJson(input.ID));
    oneRow(
      await refuseViolations(
        () => tx.update(activityTypes).set(columns(input)).where(eq(activityTypes.id, input.ID)).returning({ id: activityTypes.id }),
        { duplicate: M.tipoDuplicate },
      ),
      notFound(M.tipoNotFound),
    );
    await auditAnagrafica(tx, by, ACTIVITY_TYPE, 'modifica', input.ID, before);
  });
  return { ok: true };
}

const ACTIVITY_TYPE: Archivable = {
  table: activityTypes,
  id: activityTypes.id,
  entity: 'tipo',
  json: activityTypeJson,
  missing: M.tipoNotFound,
};
export const setActivityTypeArchived = archiver(ACTIVITY_TYPE);
