/**
 * The utente's data of the flows (issue 32): codice fiscale, ASL of residence, the Region's pseudonymous id and the
 * DSM contact. Personal data: written through the Anagrafiche's calls, read only by administrators here (each read in
 * the access log), never in the registro's before/after (server/db/audit.ts, patientJson leaves them out) nor in logs.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { FLUSSI_MSG, type PatientFlussi, type patientFlussiFields } from '../../../common/flussi.ts';
import { MSG } from '../../../common/messages.ts';
import type { Db } from '../../db/client.ts';
import { patients } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { isValidCodiceFiscale } from './codice-fiscale.ts';

type Fields = { [K in keyof typeof patientFlussiFields]?: z.output<(typeof patientFlussiFields)[K]> };

/** The columns a create or an update writes: only the fields sent; a codice fiscale with a wrong check character is a 400 before any write. */
export function flussiColumns(input: Fields) {
  if (input.CodiceFiscale && !isValidCodiceFiscale(input.CodiceFiscale)) throw badRequest(FLUSSI_MSG.codiceFiscaleInvalid, ['CodiceFiscale']);
  return {
    ...(input.CodiceFiscale === undefined ? {} : { codiceFiscale: input.CodiceFiscale }),
    ...(input.AslResidenza === undefined ? {} : { aslResidenza: input.AslResidenza }),
    ...(input.IdRegionale === undefined ? {} : { idRegionale: input.IdRegionale }),
    ...(input.IdContatto === undefined ? {} : { idContatto: input.IdContatto }),
  };
}

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
