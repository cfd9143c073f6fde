/**
 * What the server's log may hold: never a request body, a query string, a
 * header, or the parameters and details of a failed SQL statement (they carry
 * names, phone numbers, searches and password hashes). pino's serializers
 * build every logged request and error from an allow-list; its redaction and
 * a hook on every log call are the second line.
 */
import path from 'node:path';
import type { FastifyServerOptions } from 'fastify';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** The calendar feed's calls that carry no token. */
const FEED_CALLS = /\/ical\/(token|revoca|stato)$/;
/** What may be a feed token (32 random bytes in base64url: 43 characters) wherever it stands. */
const TOKEN_LIKE = /[a-z0-9_-]{43,}/g;

/**
 * A path as the router reads it, whatever its spelling (`/server/%69cal/…%2eics`, `\server\ical\…`,
 * `/server/./ical/…`, escapes of escapes): percent-escapes decoded until none is left, backslashes
 * as slashes, dot segments resolved, in lower case.
 */
function canonicalPath(rawPath: string): string {
  let decoded = rawPath;
  for (let round = 0; round < 5; round++) {
    const next = decoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === decoded) break;
    decoded = next;
  }
  return path.posix.normalize(`/${decoded.replaceAll('\\', '/')}`).toLowerCase();
}

/**
 * The path of a URL, without its query string (searches travel there: `?q=`) and with the
 * calendar feed's token blanked out in any spelling: whoever reads the log must not be able to
 * open the feed. The token is looked for after decoding, never in the path as written.
 */
export function pathOnly(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const cut = url.search(/[?#]/);
  const rawPath = cut === -1 ? url : url.slice(0, cut);
  const canonical = canonicalPath(rawPath);
  const feedAt = canonical.indexOf('/ical/');
  const ics = canonical.endsWith('.ics') ? '.ics' : '';
  if (feedAt !== -1 && !FEED_CALLS.test(canonical)) return `${canonical.slice(0, feedAt)}/ical/[nascosto]${ics}`;
  if (ics) return `${canonical.slice(0, canonical.lastIndexOf('/') + 1)}[nascosto].ics`;
  if (canonical.match(TOKEN_LIKE)) return canonical.replace(TOKEN_LIKE, '[nascosto]');
  return rawPath;
}

/** Fields of a PostgreSQL error (pg and PGlite alike) that name things, never values. */
const DATABASE_ERROR_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine', 'statusCode'] as const;

/**
 * A message without the values PostgreSQL quotes after a colon
 * (`invalid input syntax for type integer: "…"`); the names it quotes
 * elsewhere (`column "x" does not exist`) stay.
 */
function withoutValues(message: string): string {
  return message.replace(/:\s*"(?:[^"\\]|\\.)*"/g, ': "…"').replace(/\n[\s\S]*$/, '');
}

/** The stack's frames only: its first lines repeat the message. */
function framesOf(stack: string | undefined): string {
  return (stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

export interface SafeError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * An error as the log may show it: its type, a message without data, its
 * code and the names a database error gives, its stack frames, and its causes
 * the same way. A failed Drizzle query keeps its SQL text (values are `$1`,
 * `$2`…) and loses its parameters.
 */
export function safeError(err: unknown, depth = 0): SafeError {
  if (!(err instanceof Error)) return { type: typeof err, message: '', stack: '' };
  const record = err as Error & Record<string, unknown>;
  const query = record.query;
  const isFailedQuery = typeof query === 'string' && 'params' in record && err.message.startsWith('Failed query: ');
  const out: SafeError = {
    type: err.constructor?.name || err.name,
    message: isFailedQuery ? `Failed query: ${query}` : withoutValues(err.message),
    stack: framesOf(err.stack),
  };
  for (const field of DATABASE_ERROR_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (err.cause !== undefined && depth < 4) out.cause = safeError(err.cause, depth + 1);
  return out;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
}

/** Paths pino blanks out if they ever reach a log line, whatever the serializers missed. */
export const REDACTED_PATHS = [
  'body',
  'query',
  'params',
  'headers',
  'cookies',
  'password',
  'pass',
  'req.body',
  'req.query',
  'req.params',
  'req.headers',
  'err.params',
  'err.detail',
  'err.cause.params',
  'err.cause.detail',
  '*.password',
  '*.pass',
];

/** The logger's options with the serializers, redaction and hook that keep personal data out. */
export function privateLoggerOptions(logger: LoggerOptions | true): LoggerOptions {
  const base: LoggerOptions = logger === true ? {} : logger;
  return {
    ...base,
    serializers: {
      ...base.serializers,
      // Fastify logs the request with this: method, path and address, never the query string, headers or body.
      req: (request: LoggedRequest) => ({ method: request.method, url: pathOnly(request.url), remoteAddress: request.ip }),
      err: safeError,
    },
    redact: { paths: REDACTED_PATHS, censor: '[nascosto]' },
    hooks: {
      // `log.error(err)` and Fastify's own `log.error({ err }, err.message)` would print the raw message as the line's text.
      logMethod(args, method) {
        const [first, second] = args as unknown[];
        if (first instanceof Error) return method.apply(this, [{ err: first }, 'error']);
        const err = (first as { err?: unknown } | null)?.err;
        if (err instanceof Error && second === err.message) return method.apply(this, [first as object, 'error']);
        return method.apply(this, args);
      },
    },
  };
}
