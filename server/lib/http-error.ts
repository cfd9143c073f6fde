/**
 * A refusal with an HTTP status, an Italian message for people and a stable
 * code (common/errors.ts) for programs. The error handler in server/app.ts
 * sends it as `{ "error": message, "code": code }`.
 */
import { ERROR_CODES, type ErrorCode } from '../../common/errors.ts';
import { ConstraintRefusal } from '../db/queries.ts';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: ErrorCode,
    /** A 400 found after the schema (a reference the database does not hold): the field it is under, as the schema's issues. */
    readonly path?: (string | number)[],
  ) {
    super(message);
  }
}

type ForbiddenCode =
  | typeof ERROR_CODES.notSignedIn
  | typeof ERROR_CODES.adminOnly
  | typeof ERROR_CODES.staffOnly
  | typeof ERROR_CODES.csrfInvalid
  | typeof ERROR_CODES.passwordChangeRequired;

/** `path`: the field the message belongs under (sent as `issues`, like the schema's refusals). */
export const badRequest = (message: string, path?: (string | number)[]) => new HttpError(400, message, ERROR_CODES.invalidInput, path);
export const forbidden = (message: string, code: ForbiddenCode) => new HttpError(403, message, code);
export const notFound = (message: string) => new HttpError(404, message, ERROR_CODES.notFound);
export const conflict = (
  message: string,
  code:
    | typeof ERROR_CODES.conflict
    | typeof ERROR_CODES.correctionRequired
    | typeof ERROR_CODES.proposalBusy
    | typeof ERROR_CODES.weekChanged = ERROR_CODES.conflict,
) => new HttpError(409, message, code);

/** The only row an update or delete by ID returned; `missing` when there was none. */
export function oneRow<T>(rows: T[], missing: HttpError): T {
  if (rows.length === 0) throw missing;
  return rows[0];
}

/** A write the constraints refused, as the HTTP answer: a duplicate is a conflict, a missing reference is not found. */
export function httpErrorOf(refusal: ConstraintRefusal): HttpError {
  return refusal.reason === 'duplicate' ? conflict(refusal.message) : notFound(refusal.message);
}
