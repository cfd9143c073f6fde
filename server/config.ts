/** Configuration read from the environment once, at start-up, and validated. */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import { z } from 'zod';
import { AUDIT_MSG } from '../common/audit.ts';
import { LIVE_MAX_STREAMS_DEFAULT } from '../common/live.ts';

const booleanFlag = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');

/** An address or a CIDR block, v4 or v6, or one of proxy-addr's names for reserved ranges. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which reverse proxies to believe about the client's address, as Fastify's
 * `trustProxy` takes it: a number of hops (`1`: the one proxy in front), or
 * the proxies' addresses and CIDR blocks separated by commas. `true` is
 * refused: it believes the left-most X-Forwarded-For, which any client writes.
 */
const trustProxySetting = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (value === 'true')
      ctx.addIssue({
        code: 'custom',
        message:
          "'true' non è più accettato: crederebbe a un X-Forwarded-For scritto dal client. Indicare il numero di proxy davanti al server (es. 1) o i loro indirizzi (es. 127.0.0.1,10.0.0.0/8)",
      });
    else if (!/^(|false|0|\d+)$/.test(value) && !value.split(',').every((e) => isProxyAddress(e.trim())))
      ctx.addIssue({
        code: 'custom',
        message: 'atteso un numero di proxy (es. 1) o indirizzi e blocchi CIDR separati da virgole (es. 127.0.0.1,10.0.0.0/8)',
      });
  })
  .transform((value): false | number | string[] => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    return value.split(',').map((e) => e.trim());
  });

/**
 * METRICS_ALLOW: the addresses and CIDR blocks (or proxy-addr's names: loopback, linklocal,
 * uniquelocal) allowed to read GET /server/metrics, separated by commas; `none` allows no address
 * (then only METRICS_TOKEN opens it).
 */
const metricsAllowSetting = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (value === 'none') return;
    if (!value.split(',').every((e) => isProxyAddress(e.trim())))
      ctx.addIssue({
        code: 'custom',
        message: "attesi indirizzi e blocchi CIDR separati da virgole (es. 127.0.0.1,::1,10.0.0.0/8), o 'none'",
      });
  })
  .transform((value): string[] => (value === 'none' ? [] : value.split(',').map((e) => e.trim())));

/** METRICS_TOKEN: a bearer token that opens GET /server/metrics from any address; long enough not to be guessed. */
const metricsTokenSetting = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))
  .refine((v) => v === undefined || (v.length >= 32 && /^[\x21-\x7e]+$/.test(v)), {
    message: 'atteso un token di almeno 32 caratteri, senza spazi (es. openssl rand -hex 32)',
  });

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * The role that owns the tables, for the migrations only (README, "Database roles"): with it,
     * DATABASE_URL's role needs no right to create or alter tables.
     */
    MIGRATION_DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    COOKIE_SECURE: booleanFlag.default(false),
    SESSION_IDLE_HOURS: z.coerce.number().positive().default(12),
    SESSION_MAX_HOURS: z.coerce
      .number()
      .positive()
      .default(24 * 7),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO: booleanFlag.default(true),
    TRUST_PROXY: trustProxySetting.default(false),
    /** Days the registro and the access log keep their rows: the Garante asks for at least 24 months. */
    AUDIT_RETENTION_DAYS: z.coerce
      .number({ error: 'atteso un numero intero di giorni (es. 3650)' })
      .int('atteso un numero intero di giorni (es. 3650)')
      .min(730, AUDIT_MSG.retentionTooShort)
      .default(3650),
    /** Calls a minute each account may make, all its sessions together (server/lib/rate-limits.ts). */
    CALLS_PER_MINUTE: z.coerce
      .number({ error: 'atteso un numero intero di chiamate al minuto (es. 600)' })
      .int('atteso un numero intero di chiamate al minuto (es. 600)')
      .min(60, 'atteso un numero intero di chiamate al minuto, almeno 60 (es. 600)')
      .default(600),
    /** Live streams (GET /server/eventi) one process holds at most, every account together: one more answers 503. */
    LIVE_MAX_STREAMS: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce
        .number({ error: 'atteso un numero intero di connessioni (es. 500)' })
        .int('atteso un numero intero di connessioni (es. 500)')
        .min(1, 'atteso un numero intero di connessioni (es. 500)')
        .max(100_000, 'al massimo 100000 connessioni')
        .default(LIVE_MAX_STREAMS_DEFAULT),
    ),
    /** Who may read GET /server/metrics: these addresses (loopback unless set), or anyone with METRICS_TOKEN. */
    METRICS_ALLOW: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      metricsAllowSetting.default(['127.0.0.1', '::1']),
    ),
    METRICS_TOKEN: metricsTokenSetting,
    /** The certificate chain and its private key (PEM files): with both, the server speaks HTTPS itself. */
    TLS_CERT: optionalText,
    TLS_KEY: optionalText,
    /** With TLS: a port where plain HTTP is answered with a redirect to HTTPS (80 for the usual one). */
    HTTP_REDIRECT_PORT: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce
        .number({ error: 'atteso un numero di porta (es. 80)' })
        .int('atteso un numero di porta (es. 80)')
        .min(1, 'atteso un numero di porta (es. 80)')
        .max(65535, 'atteso un numero di porta (es. 80)')
        .optional(),
    ),
    /** The daily backup's time in Rome (HH:MM), or `off` (server/features/backup). */
    BACKUP_TIME: z
      .string()
      .trim()
      .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'atteso un orario HH:MM (es. 02:30) oppure off')
      .default('02:30')
      .or(z.literal('').transform(() => '02:30')),
    /** Where the daily backups go: DATA_DIR/backups on the embedded database; with DATABASE_URL, only when set. */
    BACKUP_DIR: optionalText,
    /** How many daily backups are kept (besides the last 6 month-end ones). */
    BACKUP_KEEP: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce
        .number({ error: 'atteso un numero intero di backup (es. 14)' })
        .int('atteso un numero intero di backup (es. 14)')
        .min(1, 'atteso un numero intero di backup, almeno 1 (es. 14)')
        .max(1000, 'al massimo 1000 backup')
        .default(14),
    ),
  })
  .superRefine((e, ctx) => {
    if (e.MIGRATION_DATABASE_URL !== undefined && e.DATABASE_URL === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['MIGRATION_DATABASE_URL'],
        message: 'serve solo con PostgreSQL: indicare anche DATABASE_URL (il ruolo del server)',
      });
    if ((e.TLS_CERT === undefined) !== (e.TLS_KEY === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [e.TLS_CERT === undefined ? 'TLS_CERT' : 'TLS_KEY'],
        message: 'TLS_CERT e TLS_KEY vanno indicati insieme: il certificato (PEM) e la sua chiave privata (PEM)',
      });
    if (e.HTTP_REDIRECT_PORT !== undefined && e.TLS_CERT === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['HTTP_REDIRECT_PORT'],
        message: 'serve solo con HTTPS: indicare anche TLS_CERT e TLS_KEY',
      });
    if (e.HTTP_REDIRECT_PORT !== undefined && e.HTTP_REDIRECT_PORT === e.PORT)
      ctx.addIssue({ code: 'custom', path: ['HTTP_REDIRECT_PORT'], message: 'deve essere diversa da PORT' });
  });

/** The environment's variables as the server uses them: durations in milliseconds, the data folder absolute. */
const configSchema = envSchema.transform((e) => ({
  port: e.PORT,
  host: e.HOST,
  dataDir: path.resolve(e.DATA_DIR),
  databaseUrl: e.DATABASE_URL,
  migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
  /** HTTPS served by the server itself (TLS_CERT, TLS_KEY): the files' paths; read by `readTls`. */
  tls: e.TLS_CERT && e.TLS_KEY ? { certFile: path.resolve(e.TLS_CERT), keyFile: path.resolve(e.TLS_KEY) } : null,
  httpRedirectPort: e.HTTP_REDIRECT_PORT ?? null,
  /** Secure cookies under `__Host-` and HSTS: over the server's own HTTPS, or behind a proxy that terminates it (COOKIE_SECURE). */
  cookieSecure: e.COOKIE_SECURE || e.TLS_CERT !== undefined,
  sessionIdleMs: e.SESSION_IDLE_HOURS * 3600_000,
  sessionMaxMs: e.SESSION_MAX_HOURS * 3600_000,
  logLevel: e.LOG_LEVEL,
  seedDemo: e.SEED_DEMO,
  /**
   * Behind a reverse proxy, the client's address comes from X-Forwarded-For as far as the trusted proxies go
   * (the sign-in limit counts by address): false, a hop count or the proxies' addresses.
   */
  trustProxy: e.TRUST_PROXY,
  /** Rows of the registro and of the access log older than this many days are purged daily. */
  auditRetentionDays: e.AUDIT_RETENTION_DAYS,
  /** Every account's calls a minute (ACCOUNT_CALLS by default). */
  callsPerMinute: e.CALLS_PER_MINUTE,
  /** Open live streams per process, every account together (docs/decisions/0024-sessions-streams-roll-call.md). */
  liveMaxStreams: e.LIVE_MAX_STREAMS,
  /**
   * The daily backup (server/features/backup): its time in Rome (null: off) and folder (null: off, PostgreSQL without
   * BACKUP_DIR), and how many daily ones are kept.
   */
  backup: {
    time: e.BACKUP_TIME === 'off' ? null : e.BACKUP_TIME,
    dir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : e.DATABASE_URL ? null : path.join(path.resolve(e.DATA_DIR), 'backups'),
    keep: e.BACKUP_KEEP,
  },
  /**
   * GET /server/metrics: the client addresses allowed (as the app sees them: behind TRUST_PROXY the
   * client's own, else the socket's), and the bearer token that opens it from anywhere.
   */
  metrics: { allow: e.METRICS_ALLOW, token: e.METRICS_TOKEN ?? null },
}));

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configurazione non valida:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The certificate and key as the server's TLS takes them, PEM text. */
export interface TlsFiles {
  cert: string;
  key: string;
}

/** Reads TLS_CERT and TLS_KEY at start-up: a file that cannot be read, or a key that is not the certificate's, stops the server clearly. */
export function readTls(files: NonNullable<Config['tls']>): TlsFiles {
  const read = (variable: string, file: string) => {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch (err) {
      throw new ConfigError(
        `Configurazione non valida:\n  ${variable}: file non leggibile (${file}): ${(err as NodeJS.ErrnoException).code ?? 'errore'}`,
      );
    }
  };
  const pair = { cert: read('TLS_CERT', files.certFile), key: read('TLS_KEY', files.keyFile) };
  try {
    tls.createSecureContext(pair);
  } catch (err) {
    throw new ConfigError(
      `Configurazione non valida:\n  TLS_CERT, TLS_KEY: non sono un certificato PEM e la sua chiave privata (${(err as Error).message})`,
    );
  }
  return pair;
}

/** Loopback addresses: a server listening only there is reached from this computer alone. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare) || /^::ffff:127\.\d+\.\d+\.\d+$/.test(bare);
}

/**
 * TRUST_PROXY as Fastify's `trustProxy` option. Fastify ignores a bare hop
 * count (it cannot tell a proxy from a client that reached the server
 * directly), so a count becomes the function proxy-addr calls for each hop,
 * nearest first: the n nearest hops are believed, the address one beyond
 * them is the client's. The server must then be reachable only through
 * those proxies.
 */
export function trustProxyOption(setting: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
