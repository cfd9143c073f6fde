/**
 * The codice fiscale's check character, by codice-fiscale-js (a maintained library, omocodia included) rather than
 * by hand. Server only: the library carries the list of every comune, too heavy for the web app's forms
 * (common/flussi.ts checks the format there, the server answers the check character's 400 under the field).
 */
import * as library from 'codice-fiscale-js';
import { CODICE_FISCALE_PATTERN, isProvisionalCode } from '../../common/flussi.ts';

interface CodiceFiscaleClass {
  check(code: string): boolean;
}
// The package's CommonJS build exports `{ CodiceFiscale }`; its types declare a default export. Either way, the class.
const namespace = library as unknown as {
  CodiceFiscale?: CodiceFiscaleClass;
  default?: CodiceFiscaleClass & { CodiceFiscale?: CodiceFiscaleClass };
};
const CodiceFiscale: CodiceFiscaleClass =
  namespace.CodiceFiscale ?? namespace.default?.CodiceFiscale ?? (namespace.default as CodiceFiscaleClass);

/** A valid code, upper-case: 16 characters with the right check character (omocodia included), or the 11-digit provisional code. */
export function isValidCodiceFiscale(code: string): boolean {
  if (isProvisionalCode(code)) return true;
  return CODICE_FISCALE_PATTERN.test(code) && CodiceFiscale.check(code);
}
