/**
 * The rule of every new password (ASVS 2.1, docs/decisions/0020-passwords.md), the same in the
 * forms, the API and `npm run users`: 12 to 128 characters of any kind, not the username nor a
 * part of it, and not among the passwords people commonly choose, as zxcvbn-ts judges it with its
 * common and Italian dictionaries (a score of 3 or more out of 4). The sign-in keeps SPEC's own
 * check (common/schemas.ts, passwordSchema): an older, weaker password still signs in, and then
 * must be replaced before anything else.
 *
 * The dictionaries are large (about 1.5 MB): they are imported on demand by
 * `loadPasswordDictionaries`, once per process or page, never with the calendar's first visit.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { z } from 'zod';
import { passwordText } from './schemas.ts';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
/** zxcvbn's score (0–4) a new password must reach: 3 is "safely unguessable" against an online attack. */
export const PASSWORD_MIN_SCORE = 3;

export const PASSWORD_MSG = {
  tooShort: `La password deve avere almeno ${PASSWORD_MIN_LENGTH} caratteri`,
  tooLong: `La password può avere al massimo ${PASSWORD_MAX_LENGTH} caratteri`,
  username: 'La password non può essere il nome utente né una sua parte',
  tooCommon: 'Password troppo facile da indovinare: usa una frase di tre o quattro parole che non sia un modo di dire',
  /** Under every field of a new password. */
  hint: 'Almeno 12 caratteri, diversa dal nome utente e non tra le più comuni: una frase di tre o quattro parole va benissimo',
  /** The refusal of every other call while the account must choose a new password (code password_change_required). */
  changeRequired: 'Prima di continuare scegli una nuova password: quella attuale non è abbastanza sicura',
  /** The web app's explanation above the form it then shows. */
  changeRequiredIntro:
    'La tua password non rispetta più le regole del centro: almeno 12 caratteri, diversa dal nome utente e non tra quelle più comuni. Scegline una nuova per continuare.',
} as const;

let strength: ZxcvbnFactory | null = null;
let loading: Promise<void> | null = null;

/** Loads zxcvbn and its dictionaries once; every later call answers at once. A failed load (a page offline) may be retried. */
export function loadPasswordDictionaries(): Promise<void> {
  loading ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-it')])
    .then(([core, common, italian]) => {
      strength = new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...italian.dictionary },
        graphs: common.adjacencyGraphs,
        translations: italian.translations,
        // Bounds the l33t search, which on a long crafted password (P@ssw0rd… × 16) took over a second of CPU.
        l33tMaxSubstitutions: 10,
      });
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

const comparable = (text: string) => text.normalize('NFKC').toLowerCase();

/**
 * What is wrong with a new password, in the message every surface shows, or null when it may be
 * used. The cheap rules come first; the dictionaries must have been loaded (a programming error otherwise).
 */
export function passwordProblem(password: string, username?: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_MSG.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_MSG.tooLong;
  if (username !== undefined && username !== '' && comparable(username).includes(comparable(password))) return PASSWORD_MSG.username;
  if (!strength) throw new Error('password dictionaries not loaded: await loadPasswordDictionaries() first');
  return strength.check(password, username ? [username] : []).score < PASSWORD_MIN_SCORE ? PASSWORD_MSG.tooCommon : null;
}

/** The rule as a refinement of a form or body that holds both the username and the new password. */
export function refineNewPassword(ctx: z.RefinementCtx, password: string, username: string | undefined, path: string[]) {
  const problem = passwordProblem(password, username);
  if (problem) ctx.addIssue({ code: 'custom', path, message: problem });
}

/**
 * A new password where the username is known apart (the CLI's argument, the signed-in account):
 * the one schema of the rule. `newPasswordFor()` without a username checks all but that rule.
 */
export const newPasswordFor = (username?: string) =>
  passwordText(PASSWORD_MSG.tooShort).superRefine((password, ctx) => refineNewPassword(ctx, password, username, []));
