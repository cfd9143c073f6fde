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
import type { Db } from '../../db/client.ts';
import { refuseViolations } from '../../db/queries.ts';
import { therapists, users } from '../../db/schema.ts';
import { badRequest, notFound, oneRow } from '../../lib/http-error.ts';

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

export async function createTherapist(db: Db, input: z.output<typeof therapistFormSchema>) {
  await requireAccount(db, input.RifUtente);
  const [row] = await refuseViolations(
    () => db.insert(therapists).values({ username: input.username, userId: input.RifUtente }).returning({ id: therapists.id }),
    { duplicate: M.therapistDuplicate },
  );
  return { insertId: row.id };
}

export async function updateTherapist(db: Db, input: z.output<typeof therapistUpdateSchema>) {
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
