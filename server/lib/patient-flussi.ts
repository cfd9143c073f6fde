/**
 * The utente's flow data (issue 32) as the Anagrafiche's create and update write them: only the fields sent, and a
 * codice fiscale with a wrong check character refused (400 under the field) before any write. In server/lib because
 * the Anagrafiche write them and the Rendicontazione reads them (server/features/flussi).
 */
import type { z } from 'zod';
import { FLUSSI_MSG, type patientFlussiFields } from '../../common/flussi.ts';
import { isValidCodiceFiscale } from './codice-fiscale.ts';
import { badRequest } from './http-error.ts';

type Fields = { [K in keyof typeof patientFlussiFields]?: z.output<(typeof patientFlussiFields)[K]> };

/** The columns a create or an update writes: only the fields sent; a codice fiscale with a wrong check character is a 400 before any write. */
export function flussiColumns(input: Fields) {
  if (input.CodiceFiscale && !isValidCodiceFiscale(input.CodiceFiscale))
    throw badRequest(FLUSSI_MSG.codiceFiscaleInvalid, ['CodiceFiscale']);
  return {
    ...(input.CodiceFiscale === undefined ? {} : { codiceFiscale: input.CodiceFiscale }),
    ...(input.AslResidenza === undefined ? {} : { aslResidenza: input.AslResidenza }),
    ...(input.IdRegionale === undefined ? {} : { idRegionale: input.IdRegionale }),
    ...(input.IdContatto === undefined ? {} : { idContatto: input.IdContatto }),
  };
}
