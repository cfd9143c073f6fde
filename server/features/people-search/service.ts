/** Search of patients and therapists for the Aggiungi Paziente / Aggiungi Terapista dialogs, and the lists of those not archived. */
import { and, asc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { patients, therapists } from '../../db/schema.ts';
import { keyContains } from '../../db/search-key.ts';

const SEARCH_LIMIT = 20;

/** At most 5 typed words count: a search stays a few comparisons per row. */
const wordsOf = (value: string) => value.trim().split(/\s+/).filter(Boolean).slice(0, 5);

/**
 * Every typed word must appear in the first or the last name, accents, case, apostrophes and doubled
 * letters aside (server/db/search-key.ts): "rossi mar" finds Mario Rossi and Maria Rossini, "foa"
 * finds Foà, "nicolo" finds Niccolò.
 */
export async function findPatients(db: Db, value: string) {
  const wordConditions = wordsOf(value).map((word) => or(keyContains(patients.firstName, word), keyContains(patients.lastName, word)));
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

const therapistColumns = { ID: therapists.id, username: therapists.username, Nome: therapists.firstName, Cognome: therapists.lastName };

/** Every typed word must appear in the name, the surname or the username, folded as for patients. */
export async function findTherapists(db: Db, value: string) {
  const wordConditions = wordsOf(value).map((word) =>
    or(keyContains(therapists.firstName, word), keyContains(therapists.lastName, word), keyContains(therapists.username, word)),
  );
  return db
    .select(therapistColumns)
    .from(therapists)
    .where(and(eq(therapists.archived, false), ...wordConditions))
    .orderBy(asc(therapists.username))
    .limit(SEARCH_LIMIT);
}

export async function therapistsFromFind(db: Db, username: string) {
  return db
    .select(therapistColumns)
    .from(therapists)
    .where(and(eq(therapists.archived, false), eq(therapists.username, username)));
}

/** Every therapist not archived, by username (GET /terapisti/getpresenze). */
export async function listPresentTherapists(db: Db) {
  return db.select(therapistColumns).from(therapists).where(eq(therapists.archived, false)).orderBy(asc(therapists.username));
}

/** Every patient not archived, by surname and name (GET /pazienti/getpresenze). */
export async function listPresentPatients(db: Db) {
  return db
    .select({ ID: patients.id, Nome: patients.firstName, Cognome: patients.lastName, Cellulare: patients.mobile })
    .from(patients)
    .where(eq(patients.archived, false))
    .orderBy(asc(patients.lastName), asc(patients.firstName));
}
