/**
 * Stable codes of the error body `{ "error": <Italian message>, "code": <code> }`.
 * Programs (the web app included) branch on the code; the message is for people
 * and may be reworded without breaking a client.
 */
export const ERROR_CODES = {
  /** 400: a field or the body is not valid; `issues` lists each field's message. */
  invalidInput: 'invalid_input',
  /** 401: wrong username or password at sign-in. */
  badCredentials: 'bad_credentials',
  /** 403: no session, or it has ended. */
  notSignedIn: 'not_signed_in',
  /** 403: the call is for administrators. */
  adminOnly: 'admin_only',
  /** 403: the X-XSRF-TOKEN header is missing or does not match. */
  csrfInvalid: 'csrf_invalid',
  /** 403: the call is for administrators and accounts linked to an operatore (the roll call's marks). */
  staffOnly: 'staff_only',
  /** 403: the account signed in with a password the rule no longer accepts and must choose a new one first. */
  passwordChangeRequired: 'password_change_required',
  /** 404: the call or the thing it names does not exist. */
  notFound: 'not_found',
  /** 409: the write clashes with what is stored (a duplicate, a stale version). */
  conflict: 'conflict',
  /** 409: the write touches a closed month: an administrator repeats it with the reason of the correction (`correzione`). */
  correctionRequired: 'correction_required',
  /** 409: Annulla of an operation over several days refused: some of its days changed since (the message names them). */
  daysChanged: 'days_changed',
  /** 409: the Pianificatore prepares one proposal at a time: wait for it to end (issue 31). */
  proposalBusy: 'proposal_busy',
  /** 409: the week changed after the proposal was prepared: nothing was written, prepare a new one (issue 31). */
  weekChanged: 'week_changed',
  /** 400: no utente has a progetto in the week asked for: there is nothing to plan (issue 31). */
  noProgetti: 'no_progetti',
  /** 413: the body is too large. */
  tooLarge: 'too_large',
  /** 429: too many attempts or requests; try again later. */
  tooManyRequests: 'too_many_requests',
  /** 503: the server holds as many live streams as it may; try again later. */
  serverBusy: 'server_busy',
  /** 500: the server failed; the message says nothing of why. */
  internal: 'internal',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
