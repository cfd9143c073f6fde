/** Search of patients and therapists for the Aggiungi Paziente / Aggiungi Terapista dialogs, and the lists of those not archived. */
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/queries.ts';
import { patients, therapists } from '../../db/schema.ts';

const SEARCH_LIMIT = 20;

/** Every typed word must appear in the first or the last name: "rossi mar" finds Mario Rossi and Maria Rossini. */
export async function findPatients(db: Db, value: string) {
  const words = value.trim().split(/\s+/).filter(Boolean).slice(0, 5);
  const wordConditions = words.map((word) => {
    const pattern = containsPattern(word);
    return or(ilike(patients.firstName, pattern), ilike(patients.lastName, pattern));
  });
  return db
    .select({ ID: patients.id, Nome: patients.firstName, Cognome: patients.lastName, Cellulare: patients.mobile })
    .from(patients)
    .where(and(eq(patients.archived, false), ...wordConditions))
    .orderBy(asc(patients.lastName), asc(patients.firstName), asc(patients.id))
    .limit(SEARCH_LIMIT);
}

export async function patientsFromFind(db: Db, nome: string, cognome: string, cellulare: string) {
  return db
    .select({ ID: patients.id, Nome: patients.firstName, Cognome: patients.lastName, Cellulare: patients.mobile })
    .from(patients)
    .where(and(eq(patients.archived, false), eq(patients.firstName, nome), eq(patients.lastName, cognome), eq(patients.mobile, cellulare)));
}

export async function findTherapists(db: Db, value: string) {
  return db
    .select({ ID: therapists.id, username: therapists.username })
    .from(therapists)
    .where(and(eq(therapists.archived, false), ilike(therapists.username, containsPattern(value))))
    .orderBy(asc(therapists.username))
    .limit(SEARCH_LIMIT);
}

export async function therapistsFromFind(db: Db, username: string) {
  return db
    .select({ ID: therapists.id, username: therapists.username })
    .from(therapists)
    .where(and(eq(therapists.archived, false), eq(therapists.username, username)));
}

/** Every therapist not archived, by username (GET /terapisti/getpresenze). */
export async function listPresentTherapists(db: Db) {
  return db
    .select({ ID: therapists.id, username: therapists.username })
    .from(therapists)
    .where(eq(therapists.archived, false))
    .orderBy(asc(therapists.username));
}

/** Every patient not archived, by surname and name (GET /pazienti/getpresenze). */
export async function listPresentPatients(db: Db) {
  return db
    .select({ ID: patients.id, Nome: patients.firstName, Cognome: patients.lastName, Cellulare: patients.mobile })
    .from(patients)
    .where(eq(patients.archived, false))
    .orderBy(asc(patients.lastName), asc(patients.firstName));
}
