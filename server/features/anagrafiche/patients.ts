/** Patients of the Anagrafiche: list with search and paging, create, edit, archive and restore. History is never deleted. */
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { PAGE_SIZE, type Page, type PatientRecord, type patientFormSchema, type patientUpdateSchema } from '../../../common/anagrafiche.ts';
import { MSG } from '../../../common/messages.ts';
import { patientJson, readJson, type Actor } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/queries.ts';
import { keyContains } from '../../db/search-key.ts';
import { patients } from '../../db/schema.ts';
import { notFound, oneRow } from '../../lib/http-error.ts';
import { archiver, auditAnagrafica, type Archivable } from '../../lib/archive.ts';
import { flussiColumns } from '../../lib/patient-flussi.ts';

const patientColumns = {
  ID: patients.id,
  Nome: patients.firstName,
  Cognome: patients.lastName,
  Cellulare: patients.mobile,
  Archiviato: patients.archived,
  Indirizzo: patients.address,
  Carrozzina: patients.wheelchair,
  NoteTrasporto: patients.transportNotes,
};

/** Issue 30's fields: on a creation '' / false when left out, on an update left as they are. */
const transportValues = (input: z.output<typeof patientFormSchema>) => ({
  ...(input.Indirizzo === undefined ? {} : { address: input.Indirizzo }),
  ...(input.Carrozzina === undefined ? {} : { wheelchair: input.Carrozzina }),
  ...(input.NoteTrasporto === undefined ? {} : { transportNotes: input.NoteTrasporto }),
});

export async function listPatients(db: Db, q: string, page: number, archived: boolean): Promise<Page<PatientRecord>> {
  const words = q.trim().split(/\s+/).filter(Boolean).slice(0, 5);
  const where: SQL | undefined = and(
    eq(patients.archived, archived),
    ...words.map((w) =>
      or(keyContains(patients.firstName, w), keyContains(patients.lastName, w), ilike(patients.mobile, containsPattern(w))),
    ),
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

/** The columns the form sets, on a new utente and on an edited one. */
const patientValues = (input: z.output<typeof patientFormSchema>) => ({
  firstName: input.Nome,
  lastName: input.Cognome,
  mobile: input.Cellulare,
  ...transportValues(input),
  ...flussiColumns(input),
});

export async function createPatient(db: Db, by: Actor, input: z.output<typeof patientFormSchema>) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(patients).values(patientValues(input)).returning({ id: patients.id });
    await auditAnagrafica(tx, by, PATIENT, 'crea', row.id);
    return { insertId: row.id };
  });
}

export async function updatePatient(db: Db, by: Actor, input: z.output<typeof patientUpdateSchema>) {
  await db.transaction(async (tx) => {
    const before = await readJson(tx, patientJson(input.ID));
    oneRow(
      await tx.update(patients).set(patientValues(input)).where(eq(patients.id, input.ID)).returning({ id: patients.id }),
      notFound(MSG.patientNotFound),
    );
    await auditAnagrafica(tx, by, PATIENT, 'modifica', input.ID, before);
  });
  return { ok: true };
}

const PATIENT: Archivable = {
  table: patients,
  id: patients.id,
  entity: 'paziente',
  json: patientJson,
  missing: MSG.patientNotFound,
  person: 'patients',
};
export const setPatientArchived = archiver(PATIENT);
