/** Configuration read from the environment once, at start-up, and validated. */
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { AUDIT_MSG } from '../common/audit.ts';

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

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
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
});

/** The environment's variables as the server uses them: durations in milliseconds, the data folder absolute. */
const configSchema = envSchema.transform((e) => ({
  port: e.PORT,
  host: e.HOST,
  dataDir: path.resolve(e.DATA_DIR),
  databaseUrl: e.DATABASE_URL,
  cookieSecure: e.COOKIE_SECURE,
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
