/** Rooms of the Anagrafiche: list, create, rename, reorder, archive and restore. History is never deleted. */
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ANAGRAFICHE_MSG as M, type RoomRecord, type roomFormSchema, type roomUpdateSchema } from '../../../common/anagrafiche.ts';
import { MSG } from '../../../common/messages.ts';
import { appendAudit, readJson, roomJson, type Actor } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { refuseViolations } from '../../db/queries.ts';
import { activityTypes, rooms } from '../../db/schema.ts';
import { badRequest, notFound, oneRow } from '../../lib/http-error.ts';
import { archiver, auditAnagrafica, type Archivable } from '../../lib/archive.ts';

export async function listAllRooms(db: Db, archived: boolean): Promise<RoomRecord[]> {
  return db
    .select({
      ID: rooms.id,
      Nome: rooms.name,
      Ordine: rooms.position,
      Archiviato: rooms.archived,
      capienza: rooms.capacity,
      tipi: sql<number[]>`array(select unnest(${rooms.typeIds}) order by 1)`,
    })
    .from(rooms)
    .where(eq(rooms.archived, archived))
    .orderBy(asc(rooms.position), asc(rooms.id));
}

/** Issue 31: the room's capienza and tipi as given (left out: unchanged), the types checked to exist. */
async function planFields(tx: Db, input: { capienza?: number | null; tipi?: number[] }) {
  if (input.tipi !== undefined && input.tipi.length > 0) {
    const found = await tx.select({ id: activityTypes.id }).from(activityTypes).where(inArray(activityTypes.id, input.tipi));
    if (found.length !== input.tipi.length) throw badRequest(M.roomTipoNotFound, ['tipi']);
  }
  return {
    ...(input.capienza === undefined ? {} : { capacity: input.capienza }),
    ...(input.tipi === undefined ? {} : { typeIds: [...input.tipi].sort((a, b) => a - b) }),
  };
}

export async function createRoom(db: Db, by: Actor, input: z.output<typeof roomFormSchema>) {
  return db.transaction(async (tx) => {
    const fields = await planFields(tx, input);
    const [last] = await tx.select({ position: rooms.position }).from(rooms).orderBy(desc(rooms.position)).limit(1);
    const [row] = await refuseViolations(
      () =>
        tx
          .insert(rooms)
          .values({ name: input.Nome, position: (last?.position ?? 0) + 1, ...fields })
          .returning({ id: rooms.id }),
      { duplicate: M.roomDuplicate },
    );
    await auditAnagrafica(tx, by, ROOM, 'crea', row.id);
    return { insertId: row.id };
  });
}

export async function updateRoom(db: Db, by: Actor, input: z.output<typeof roomUpdateSchema>) {
  await db.transaction(async (tx) => {
    const before = await readJson(tx, roomJson(input.ID));
    const fields = await planFields(tx, input);
    oneRow(
      await refuseViolations(
        () =>
          tx
            .update(rooms)
            .set({ name: input.Nome, ...fields })
            .where(eq(rooms.id, input.ID))
            .returning({ id: rooms.id }),
        { duplicate: M.roomDuplicate },
      ),
      notFound(MSG.roomNotFound),
    );
    await auditAnagrafica(tx, by, ROOM, 'modifica', input.ID, before);
  });
  return { ok: true };
}

/** Moves the room one place up or down among the active rooms; the order is rewritten 1…n in one transaction. */
export async function moveRoom(db: Db, by: Actor, id: number, direction: 'su' | 'giu') {
  return db.transaction(async (tx) => {
    const ordered = await tx
      .select({ id: rooms.id })
      .from(rooms)
      .where(eq(rooms.archived, false))
      .orderBy(asc(rooms.position), asc(rooms.id));
    const index = ordered.findIndex((r) => r.id === id);
    if (index < 0) throw notFound(MSG.roomNotFound);
    const before = await readJson(tx, roomJson(id));
    const target = direction === 'su' ? index - 1 : index + 1;
    if (target >= 0 && target < ordered.length) [ordered[index], ordered[target]] = [ordered[target], ordered[index]];
    for (const [position, room] of ordered.entries()) {
      await tx
        .update(rooms)
        .set({ position: position + 1 })
        .where(eq(rooms.id, room.id));
    }
    await appendAudit(tx, by, {
      action: 'anagrafica.stanza.sposta',
      entity: 'stanza',
      entityId: id,
      before: { stanza: before, posizione: index + 1 },
      after: { direzione: direction, posizione: ordered.findIndex((r) => r.id === id) + 1 },
    });
    return { ok: true };
  });
}

const ROOM: Archivable = {
  table: rooms,
  id: rooms.id,
  entity: 'stanza',
  json: roomJson,
  missing: MSG.roomNotFound,
};
export const setRoomArchived = archiver(ROOM);
