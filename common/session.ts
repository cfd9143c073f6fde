/**
 * Contracts of the session's own calls beyond sign-in (docs/api.md, Sessione): a signed-in user changing her own
 * password. Shared by the server's validation and the web app's form.
 */
import { z } from 'zod';
import { newPasswordFor } from './passwords.ts';
import { passwordSchema } from './schemas.ts';

export const SESSION_MSG = {
  wrongCurrentPassword: 'La password attuale non è corretta',
  // The web app's own: the second typing of the new password must match (a typo would lock the user out).
  passwordsDiffer: 'Le due password nuove non coincidono',
  /** Also after an administrator's reset in Anagrafiche → Account. */
  passwordChanged: 'Password cambiata',
} as const;

/**
 * POST /server/user/password: the current password as the sign-in checks it (it may be an older, weaker one), then the
 * new one by the rule of new passwords; `username`, when known (the form), is checked too, as the server does.
 */
export const ownPasswordFor = (username?: string) => z.object({ attuale: passwordSchema, nuova: newPasswordFor(username) });
export const ownPasswordSchema = ownPasswordFor();
