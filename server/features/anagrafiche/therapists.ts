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
import { auditRecord, readJson, therapistJson, type Actor } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { refuseViolations } from '../../db/queries.ts';
import { therapists, users } from '../../db/schema.ts';
import { badRequest, notFound, oneRow } from '../../lib/http-error.ts';
import { archiver } from '../../lib/archive.ts';

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

export async function createTherapist(db: Db, by: Actor, input: z.output<typeof therapistFormSchema>) {
  return db.transaction(async (tx) => {
    await requireAccount(tx, input.RifUtente);
    const [row] = await refuseViolations(
      () =>
        tx
          .insert(therapists)
          .values({
            username: input.username,
            firstName: input.Nome,
            lastName: input.Cognome,
            userId: input.RifUtente,
            ...planColumns(input),
          })
          .returning({ id: therapists.id }),
      { duplicate: M.therapistDuplicate },
    );
    await auditRecord(tx, by, {
      action: 'anagrafica.terapista.crea',
      entity: 'terapista',
      id: row.id,
      json: therapistJson,
      therapists: [row.id],
    });
    return { insertId: row.id };
  });
}

export async function updateTherapist(db: Db, by: Actor, input: z.output<typeof therapistUpdateSchema>) {
  await db.transaction(async (tx) => {
    await requireAccount(tx, input.RifUtente);
    const before = await readJson(tx, therapistJson(input.ID));
    oneRow(
      await refuseViolations(
        () =>
          tx
            .update(therapists)
            .set({
              username: input.username,
              firstName: input.Nome,
              lastName: input.Cognome,
              userId: input.RifUtente,
              ...planColumns(input),
            })
            .where(eq(therapists.id, input.ID))
            .returning({ id: therapists.id }),
        { duplicate: M.therapistDuplicate },
      ),
      notFound(MSG.therapistNotFound),
    );
    await auditRecord(tx, by, {
      action: 'anagrafica.terapista.modifica',
      entity: 'terapista',
      id: input.ID,
      json: therapistJson,
      therapists: [input.ID],
      before,
    });
  });
  return { ok: true };
}

export const setTherapistArchived = archiver({
  table: therapists,
  id: therapists.id,
  entity: 'terapista',
  json: therapistJson,
  missing: MSG.therapistNotFound,
  person: 'therapists',
});
