/** Therapists of the Anagrafiche: list, create, edit, archive and restore. History is never deleted. */
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ANAGRAFICHE_MSG as M,
  type TherapistRecord,
  type therapistFormSchema,
  type therapistUpdateSchema,
} from '../../../common/anagrafiche.ts';
import { MSG } from '../../../common/messages.ts';
import type { Finestra, Profilo } from '../../../common/progetti.ts';
import { readJson, therapistJson, type Actor } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { refuseViolations } from '../../db/queries.ts';
import { therapists, users } from '../../db/schema.ts';
import { badRequest, notFound, oneRow } from '../../lib/http-error.ts';
import { archiver, auditAnagrafica, type Archivable } from '../../lib/archive.ts';

export async function listTherapists(db: Db, archived: boolean): Promise<TherapistRecord[]> {
  return db
    .select({
      ID: therapists.id,
      username: therapists.username,
      Nome: therapists.firstName,
      Cognome: therapists.lastName,
      RifUtente: therapists.userId,
      Archiviato: therapists.archived,
      profile: therapists.profile,
      weeklyMinutes: therapists.weeklyMinutes,
      availability: therapists.availability,
    })
    .from(therapists)
    .where(eq(therapists.archived, archived))
    .orderBy(asc(therapists.username))
    .then((rows) =>
      rows.map(({ profile, weeklyMinutes, availability, ...rest }) => ({
        ...rest,
        profilo: profile as Profilo | null,
        oreSettimanali: weeklyMinutes === null ? null : weeklyMinutes / 60,
        disponibilita: availability,
      })),
    );
}

/** The issue-29 fields as columns: only those the call sent (absent: unchanged on update, empty on creation). */
function planColumns(input: z.output<typeof therapistFormSchema>) {
  const sortWindows = (ws: Finestra[]) =>
    [...ws]
      .sort((a, b) => a.giorno - b.giorno || a.dalle.localeCompare(b.dalle))
      .map((w) => ({ giorno: w.giorno, dalle: w.dalle, alle: w.alle }));
  return {
    ...(input.profilo !== undefined ? { profile: input.profilo } : {}),
    ...(input.oreSettimanali !== undefined
      ? { weeklyMinutes: input.oreSettimanali === null ? null : Math.round(input.oreSettimanali * 60) }
      : {}),
    ...(input.disponibilita !== undefined ? { availability: sortWindows(input.disponibilita) } : {}),
  };
}

async function requireAccount(db: Db, userId: number | null) {
  if (userId === null) return;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!row) throw badRequest(M.accountNotFound);
}

/** The columns the form sets, on a new operatore and on an edited one. */
const therapistValues = (input: z.output<typeof therapistFormSchema>) => ({
  username: input.username,
  firstName: input.Nome,
  lastName: input.Cognome,
  userId: input.RifUtente,
  ...planColumns(input),
});

export async function createTherapist(db: Db, by: Actor, input: z.output<typeof therapistFormSchema>) {
  return db.transaction(async (tx) => {
    await requireAccount(tx, input.RifUtente);
    const [row] = await refuseViolations(() => tx.insert(therapists).values(therapistValues(input)).returning({ id: therapists.id }), {
      duplicate: M.therapistDuplicate,
    });
    await auditAnagrafica(tx, by, THERAPIST, 'crea', row.id);
    return { insertId: row.id };
  });
}

export async function updateTherapist(db: Db, by: Actor, input: z.output<typeof therapistUpdateSchema>) {
  await db.transaction(async (tx) => {
    await requireAccount(tx, input.RifUtente);
    const before = await readJson(tx, therapistJson(input.ID));
    oneRow(
      await refuseViolations(
        () => tx.update(therapists).set(therapistValues(input)).where(eq(therapists.id, input.ID)).returning({ id: therapists.id }),
        { duplicate: M.therapistDuplicate },
      ),
      notFound(MSG.therapistNotFound),
    );
    await auditAnagrafica(tx, by, THERAPIST, 'modifica', input.ID, before);
  });
  return { ok: true };
}

const THERAPIST: Archivable = {
  table: therapists,
  id: therapists.id,
  entity: 'terapista',
  json: therapistJson,
  missing: MSG.therapistNotFound,
  person: 'therapists',
};
export const setTherapistArchived = archiver(THERAPIST);
