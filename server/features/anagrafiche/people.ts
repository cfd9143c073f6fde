/** Patients, therapists and rooms: list, create, edit, archive and restore. History is never deleted. */
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { ANAGRAFICHE_MSG as M, PAGE_SIZE, type Page, type PatientRecord, type RoomRecord, type TherapistRecord } from '../../../common/anagrafiche.ts';
import { MSG } from '../../../common/messages.ts';
import type { Db } from '../../db/client.ts';
import { containsPattern, refuseViolations } from '../../db/queries.ts';
import { patients, rooms, therapists, users } from '../../db/schema.ts';
import { HttpError, badRequest, notFound } from '../../http-error.ts';

function oneRow<T>(rows: T[], missing: HttpError): T {
  if (rows.length === 0) throw missing;
  return rows[0];
}

// ---- Patients ----

const patientColumns = {
  ID: patients.id,
  Nome: patients.firstName,
  Cognome: patients.lastName,
  Cellulare: patients.mobile,
  Archiviato: patients.archived,
};

export async function listPatients(db: Db, q: string, page: number, archived: boolean): Promise<Page<PatientRecord>> {
  const words = q.trim().split(/\s+/).filter(Boolean).slice(0, 5);
  const where: SQL | undefined = and(
    eq(patients.archived, archived),
    ...words.map((w) => or(ilike(patients.firstName, containsPattern(w)), ilike(patients.lastName, containsPattern(w)), ilike(patients.mobile, containsPattern(w)))),
  );
  const [{ total }] = await db.select({ total: count() }).from(patients).where(where);
  const items = await db
    .select(patientColumns)
    .from(patients)
    .where(where)
    .orderBy(asc(patients.lastName), asc(patients.firstName), asc(patients.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return { items, total, pagina: page, pageSize: PAGE_SIZE };
}

export async function createPatient(db: Db, input: { Nome: string; Cognome: string; Cellulare: string }) {
  const [row] = await db
    .insert(patients)
    .values({ firstName: input.Nome, lastName: input.Cognome, mobile: input.Cellulare })
    .returning({ id: patients.id });
  return { insertId: row.id };
}

export async function updatePatient(db: Db, input: { ID: number; Nome: string; Cognome: string; Cellulare: string }) {
  oneRow(
    await db
      .update(patients)
      .set({ firstName: input.Nome, lastName: input.Cognome, mobile: input.Cellulare })
      .where(eq(patients.id, input.ID))
      .returning({ id: patients.id }),
    notFound(MSG.patientNotFound),
  );
  return { ok: true };
}

export async function setPatientArchived(db: Db, id: number, archived: boolean) {
  oneRow(await db.update(patients).set({ archived }).where(eq(patients.id, id)).returning({ id: patients.id }), notFound(MSG.patientNotFound));
  return { ok: true };
}

// ---- Therapists ----

export async function listTherapists(db: Db, archived: boolean): Promise<TherapistRecord[]> {
  return db
    .select({ ID: therapists.id, username: therapists.username, RifUtente: therapists.userId, Archiviato: therapists.archived })
    .from(therapists)
    .where(eq(therapists.archived, archived))
    .orderBy(asc(therapists.username));
}

async function requireAccount(db: Db, userId: number | null) {
  if (userId === null) return;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!row) throw badRequest(M.accountNotFound);
}

export async function createTherapist(db: Db, input: { username: string; RifUtente: number | null }) {
  await requireAccount(db, input.RifUtente);
  const [row] = await refuseViolations(
    () => db.insert(therapists).values({ username: input.username, userId: input.RifUtente }).returning({ id: therapists.id }),
    { duplicate: M.therapistDuplicate },
  );
  return { insertId: row.id };
}

export async function updateTherapist(db: Db, input: { ID: number; username: string; RifUtente: number | null }) {
  await requireAccount(db, input.RifUtente);
  oneRow(
    await refuseViolations(
      () =>
        db
          .update(therapists)
          .set({ username: input.username, userId: input.RifUtente })
          .where(eq(therapists.id, input.ID))
          .returning({ id: therapists.id }),
      { duplicate: M.therapistDuplicate },
    ),
    notFound(MSG.therapistNotFound),
  );
  return { ok: true };
}

export async function setTherapistArchived(db: Db, id: number, archived: boolean) {
  oneRow(
    await db.update(therapists).set({ archived }).where(eq(therapists.id, id)).returning({ id: therapists.id }),
    notFound(MSG.therapistNotFound),
  );
  return { ok: true };
}

// ---- Rooms ----

export async function listAllRooms(db: Db, archived: boolean): Promise<RoomRecord[]> {
  return db
    .select({ ID: rooms.id, Nome: rooms.name, Ordine: rooms.position, Archiviato: rooms.archived })
    .from(rooms)
    .where(eq(rooms.archived, archived))
    .orderBy(asc(rooms.position), asc(rooms.id));
}

export async function createRoom(db: Db, input: { Nome: string }) {
  return db.transaction(async (tx) => {
    const [last] = await tx.select({ position: rooms.position }).from(rooms).orderBy(desc(rooms.position)).limit(1);
    const [row] = await refuseViolations(
      () => tx.insert(rooms).values({ name: input.Nome, position: (last?.position ?? 0) + 1 }).returning({ id: rooms.id }),
      { duplicate: M.roomDuplicate },
    );
    return { insertId: row.id };
  });
}

export async function updateRoom(db: Db, input: { ID: number; Nome: string }) {
  oneRow(
    await refuseViolations(
      () => db.update(rooms).set({ name: input.Nome }).where(eq(rooms.id, input.ID)).returning({ id: rooms.id }),
      { duplicate: M.roomDuplicate },
    ),
    notFound(MSG.roomNotFound),
  );
  return { ok: true };
}

/** Moves the room one place up or down among the active rooms; the order is rewritten 1…n in one transaction. */
export async function moveRoom(db: Db, id: number, direction: 'su' | 'giu') {
  return db.transaction(async (tx) => {
    const ordered = await tx
      .select({ id: rooms.id })
      .from(rooms)
      .where(eq(rooms.archived, false))
      .orderBy(asc(rooms.position), asc(rooms.id));
    const index = ordered.findIndex((r) => r.id === id);
    if (index < 0) throw notFound(MSG.roomNotFound);
    const target = direction === 'su' ? index - 1 : index + 1;
    if (target >= 0 && target < ordered.length) [ordered[index], ordered[target]] = [ordered[target], ordered[index]];
    for (const [position, room] of ordered.entries()) {
      await tx.update(rooms).set({ position: position + 1 }).where(eq(rooms.id, room.id));
    }
    return { ok: true };
  });
}

export async function setRoomArchived(db: Db, id: number, archived: boolean) {
  oneRow(await db.update(rooms).set({ archived }).where(eq(rooms.id, id)).returning({ id: rooms.id }), notFound(MSG.roomNotFound));
  return { ok: true };
}
