/**
 * The utente's data of the flows (issue 32): codice fiscale, ASL of residence, the Region's pseudonymous id and the
 * DSM contact. Personal data: written through the Anagrafiche's calls (server/lib/patient-flussi.ts), read only by administrators here (each read in
 * the access log), never in the registro's before/after (server/db/audit.ts, patientJson leaves them out) nor in logs.
 */
import { eq } from 'drizzle-orm';
import type { PatientFlussi } from '../../../common/flussi.ts';
import { MSG } from '../../../common/messages.ts';
import type { Db } from '../../db/client.ts';
import { patients } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';

export async function readPatientFlussi(db: Db, id: number): Promise<PatientFlussi> {
  const [row] = await db
    .select({
      ID: patients.id,
      CodiceFiscale: patients.codiceFiscale,
      AslResidenza: patients.aslResidenza,
      IdRegionale: patients.idRegionale,
      IdContatto: patients.idContatto,
    })
    .from(patients)
    .where(eq(patients.id, id));
  if (!row) throw notFound(MSG.patientNotFound);
  return row;
}
