/**
 * The one way the web app talks to the server: JSON over fetch, cookies sent,
 * the XSRF-TOKEN cookie echoed as X-XSRF-TOKEN on every unsafe request.
 */
import { ERROR_CODES, type ErrorCode } from '../../common/errors.ts';
import { MSG } from '../../common/messages.ts';
import type { ApiErrorBody } from '../../common/schemas.ts';

export const API_BASE = '/server';
/** Over HTTPS the server names it `__Host-XSRF-TOKEN` (server/features/session/plugin.ts, cookieNames). */
const CSRF_COOKIES = ['__Host-XSRF-TOKEN', 'XSRF-TOKEN'];
const CSRF_HEADER = 'X-XSRF-TOKEN';
const csrfToken = () => CSRF_COOKIES.map(readCookie).find((token) => token !== null) ?? null;

/**
 * A refusal or failure of the server: its Italian message (body.error, or a
 * generic one) for people, and its stable code (body.code) for the program to
 * branch on; the code is absent when the server sent none or was not reached.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  /** Invalid input only: each field's message, as the server's 400 lists them. */
  readonly issues: NonNullable<ApiErrorBody['issues']>;
  /** When its request left (performance.now()): a refusal of a request sent before this sign-in is not about this session. */
  readonly sentAt: number;
  constructor(status: number, message: string, code?: ErrorCode, issues: ApiErrorBody['issues'] = [], sentAt = performance.now()) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.sentAt = sentAt;
  }
}

/** When the refused request left, for endSession (lib/session.ts); undefined for anything else. */
export const sentAtOf = (error: unknown): number | undefined => (error instanceof ApiError ? error.sentAt : undefined);

/** A refusal's messages under their fields (the first of each), for the form that sent it; {} for any other failure. */
export function serverFieldErrors(error: unknown): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * `work`, whose refusal also puts its messages under the form's fields (an address with a control character…), as the
 * form's own checks do; the refusal still goes on, to its toast.
 */
export function withFieldErrors<T>(work: Promise<T>, setErrors: (errors: Partial<Record<string, string>>) => void): Promise<T> {
  return work.catch((error: unknown) => {
    setErrors(serverFieldErrors(error));
    throw error;
  });
}

const KNOWN_CODES = new Set<string>(Object.values(ERROR_CODES));
const codeOf = (body: unknown): ErrorCode | undefined => {
  const code = (body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && KNOWN_CODES.has(code) ? (code as ErrorCode) : undefined;
};

/** The account must choose a new password before any other call (common/passwords.ts). */
export const isPasswordChangeRequired = (error: unknown): boolean =>
  error instanceof ApiError && error.code === ERROR_CODES.passwordChangeRequired;

/** The session is missing or has ended: by the server's code, or by the 403 status from a server that sends no code. */
/** A write into a closed month: an administrator repeats it with the reason of the correction. */
export const isCorrectionRequired = (error: unknown): boolean => error instanceof ApiError && error.code === ERROR_CODES.correctionRequired;

export const isNotSignedIn = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === undefined ? error.status === 403 : error.code === ERROR_CODES.notSignedIn);

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

type Method = 'GET' | 'POST' | 'PUT';

async function send(method: Method, path: string, body: unknown): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    // Read fresh every time: the server changes the token at login and logout.
    const token = csrfToken();
    if (token) headers[CSRF_HEADER] = token;
  }
  return fetch(`${API_BASE}${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
}

/** index.html does not set the CSRF cookie: any /server/ GET does. */
async function ensureCsrfCookie(): Promise<void> {
  if (csrfToken()) return;
  await fetch(`${API_BASE}/health`, { credentials: 'same-origin' });
}

async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const sentAt = performance.now();
  let response: Response;
  try {
    if (method !== 'GET') await ensureCsrfCookie();
    response = await send(method, path, body);
  } catch {
    throw new ApiError(0, MSG.genericRetry, undefined, [], sentAt);
  }
  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  if (!response.ok) {
    const message = (parsed as ApiErrorBody | undefined)?.error;
    const issues = (parsed as ApiErrorBody | undefined)?.issues;
    throw new ApiError(
      response.status,
      typeof message === 'string' && message ? message : MSG.genericError,
      codeOf(parsed),
      Array.isArray(issues) ? issues : [],
      sentAt,
    );
  }
  return parsed as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, body),
  put: <T>(path: string, body: unknown = {}) => request<T>('PUT', path, body),
};

/** The Italian text to show for a failed write: the server's message, or the generic "riprova" one. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : MSG.genericRetry;
}
