/**
 * The fleet (issue 30, docs/decisions/0039-mezzi-table.md): list, create, edit, archive and restore; never deleted
 * (past runs keep their mezzo). Administrators only; each write one registro row.
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  TRASPORTI_MSG as M,
  type MezzoColore,
  type MezzoRecord,
  type mezzoFormSchema,
  type mezzoUpdateSchema,
} from '../../../common/trasporti.ts';
import { readJson, type Actor } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { refuseViolations } from '../../db/queries.ts';
import { mezzi } from '../../db/schema.ts';
import { notFound, oneRow } from '../../lib/http-error.ts';
import { archiver, auditAnagrafica, type Archivable } from '../../lib/archive.ts';

/** `{ID, nome, targa, posti, postiCarrozzina, colore, archiviato}` of a mezzo, for the registro's before/after. */
export const mezzoJson = (id: number | SQL): SQL =>
  sql`(select json_build_object('ID', m.id, 'nome', m.name, 'targa', m.plate, 'posti', m.seats,
        'postiCarrozzina', m.wheelchair_seats, 'colore', m.colour, 'archiviato', m.archived) from mezzi m where m.id = ${id})`;

export async function listMezzi(db: Db, archived: boolean): Promise<MezzoRecord[]> {
  const rows = await db
    .select({
      ID: mezzi.id,
      Nome: mezzi.name,
      Targa: mezzi.plate,
      posti: mezzi.seats,
      postiCarrozzina: mezzi.wheelchairSeats,
      colore: mezzi.colour,
      Archiviato: mezzi.archived,
    })
    .from(mezzi)
    .where(eq(mezzi.archived, archived))
    .orderBy(asc(mezzi.name), asc(mezzi.id))
    // A fleet is small; the bound keeps the answer bounded all the same.
    .limit(500);
  return rows.map((r) => ({ ...r, colore: r.colore as MezzoColore }));
}

const columns = (input: z.output<typeof mezzoFormSchema>) => ({
  name: input.Nome,
  plate: input.Targa,
  seats: input.posti,
  wheelchairSeats: input.postiCarrozzina,
  colour: input.colore,
});

export async function createMezzo(db: Db, by: Actor, input: z.output<typeof mezzoFormSchema>) {
  return db.transaction(async (tx) => {
    const [row] = await refuseViolations(() => tx.insert(mezzi).values(columns(input)).returning({ id: mezzi.id }), {
      duplicate: M.mezzoDuplicate,
    });
    await auditAnagrafica(tx, by, MEZZO, 'crea', row.id);
    return { insertId: row.id };
  });
}

export async function updateMezzo(db: Db, by: Actor, input: z.output<typeof mezzoUpdateSchema>) {
  await db.transaction(async (tx) => {
    const before = await readJson(tx, mezzoJson(input.ID));
    oneRow(
      await refuseViolations(() => tx.update(mezzi).set(columns(input)).where(eq(mezzi.id, input.ID)).returning({ id: mezzi.id }), {
        duplicate: M.mezzoDuplicate,
      }),
      notFound(M.mezzoNotFound),
    );
    await auditAnagrafica(tx, by, MEZZO, 'modifica', input.ID, before);
  });
  return { ok: true };
}

const MEZZO: Archivable = {
  table: mezzi,
  id: mezzi.id,
  entity: 'mezzo',
  json: mezzoJson,
  missing: M.mezzoNotFound,
};
export const setMezzoArchived = archiver(MEZZO);
