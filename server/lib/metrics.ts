/**
 * The app's metrics in Prometheus' text format (GET /server/metrics, docs/decisions/0049-metrics-and-readiness.md).
 * Each app has a registry of its own, never prom-client's global one, so several apps in one
 * process (the tests) do not share or clash. Node's process metrics are the process's, whatever
 * the apps: they live in one registry per process, made at the first app's build, and every
 * app's scrape adds them (collectDefaultMetrics per app would leave an event-loop monitor and a
 * GC observer running for every app a test file ever built). Labels are route patterns, methods, status codes and
 * fixed words: never a path as requested, an id, a name or a username.
 *
 * Two kinds of instrument: counters and histograms the features push to as things happen
 * (requests, statements, the day cache, sign-ins), and gauges read when the metrics are asked for
 * from the state the features keep anyway (the pool, the access log's buffer, the live streams).
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolStats, QueryTiming } from '../db/query-timing.ts';

/** The route label of a request that matched no route: its path could hold anything. */
export const UNMATCHED_ROUTE = '(nessuna)';

/** Seconds: from a millisecond read to a week's rebuild, and a few long ones (exports). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

let processMetrics: Registry | undefined;

/** Node's own metrics (CPU, memory, heap, event-loop lag, GC, handles), collected once per process. */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

/** What the gauges read when asked: each source is the feature's own state. */
export interface MetricSources {
  pool?: () => PoolStats;
  accessLog?: () => { inAttesa: number; persi: number } | undefined;
  live?: () => { open: number; delivered: number };
}

/** The backup's state as another part of the server keeps it: seconds since the epoch and seconds. */
export type BackupReading = () => { lastSuccessSeconds: number | null; lastDurationSeconds: number | null };

export class AppMetrics {
  readonly registry = new Registry();
  private readonly sources: MetricSources = {};
  private readonly requests: Histogram<'method' | 'route' | 'status'>;
  private readonly queries: Histogram<'outcome'>;
  private readonly dayCache: Counter<'result'>;
  private readonly signIns: Counter<'outcome'>;
  private readonly observeQuery = (seconds: number, failed: boolean) =>
    this.queries.observe({ outcome: failed ? 'errore' : 'ok' }, seconds);
  private watchedQueries: QueryTiming | undefined;

  constructor() {
    const registers = [this.registry];
    const sources = this.sources;
    processRegistry();
    this.requests = new Histogram({
      name: 'giornata_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status, and their duration',
      labelNames: ['method', 'route', 'status'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.queries = new Histogram({
      name: 'giornata_db_query_duration_seconds',
      help: 'Database statements and their duration (ok or errore)',
      labelNames: ['outcome'],
      buckets: QUERY_BUCKETS,
      registers,
    });
    this.dayCache = new Counter({
      name: 'giornata_day_cache_total',
      help: "Reads of the calendar's day and week cache: hit (served from memory) or miss (built from the database)",
      labelNames: ['result'],
      registers,
    });
    this.dayCache.inc({ result: 'hit' }, 0);
    this.dayCache.inc({ result: 'miss' }, 0);
    this.signIns = new Counter({
      name: 'giornata_sign_in_refusals_total',
      help: 'Sign-ins refused: failed (wrong username or password) or locked (too many failures, 429)',
      labelNames: ['outcome'],
      registers,
    });
    this.signIns.inc({ outcome: 'failed' }, 0);
    this.signIns.inc({ outcome: 'locked' }, 0);
    new Gauge({
      name: 'giornata_db_pool_connections',
      help: 'Database connections by state: total, idle, and waiting (requests waiting for a connection; on the embedded database, statements waiting their turn)',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = sources.pool?.();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    new Gauge({
      name: 'giornata_access_log_pending',
      help: 'Access-log entries in memory not yet written to the database',
      registers,
      collect() {
        this.set(sources.accessLog?.()?.inAttesa ?? 0);
      },
    });
    new Counter({
      name: 'giornata_access_log_dropped_total',
      help: 'Reads not recorded in the access log since the process started (buffer full, or unwritten at a stop)',
      registers,
      collect() {
        this.reset();
        this.inc(sources.accessLog?.()?.persi ?? 0);
      },
    });
    new Gauge({
      name: 'giornata_live_streams_open',
      help: 'Live event streams (GET /server/eventi) open in this process',
      registers,
      collect() {
        this.set(sources.live?.().open ?? 0);
      },
    });
    new Counter({
      name: 'giornata_live_events_delivered_total',
      help: 'Live events written to open streams (one per event per stream) since the process started',
      registers,
      collect() {
        this.reset();
        this.inc(sources.live?.().delivered ?? 0);
      },
    });
  }

  /** The sources of the gauges read at each scrape. */
  watch(sources: MetricSources): void {
    Object.assign(this.sources, sources);
  }

  /** Every statement on this database, until `unwatchQueries` (the app's close). */
  watchQueries(timing: QueryTiming): void {
    this.unwatchQueries();
    this.watchedQueries = timing;
    timing.observers.add(this.observeQuery);
  }

  unwatchQueries(): void {
    this.watchedQueries?.observers.delete(this.observeQuery);
    this.watchedQueries = undefined;
  }

  /** `route`: the route's pattern as registered (`/server/utenti/:id`), or UNMATCHED_ROUTE. */
  request(method: string, route: string | undefined, status: number, seconds: number): void {
    this.requests.observe({ method, route: route ?? UNMATCHED_ROUTE, status: String(status) }, seconds);
  }

  dayCacheRead(hit: boolean): void {
    this.dayCache.inc({ result: hit ? 'hit' : 'miss' });
  }

  signInFailed(): void {
    this.signIns.inc({ outcome: 'failed' });
  }

  signInLocked(): void {
    this.signIns.inc({ outcome: 'locked' });
  }

  /**
   * The backups' gauges, read at each scrape: the last successful backup's time (seconds since
   * the epoch) and how long it took; absent until there is one.
   */
  registerBackupGauge(read: BackupReading): void {
    const registers = [this.registry];
    new Gauge({
      name: 'giornata_backup_last_success_seconds',
      help: 'Time of the last successful backup, in seconds since the epoch',
      registers,
      collect() {
        const value = read().lastSuccessSeconds;
        if (value === null) this.reset();
        else this.set(value);
      },
    });
    new Gauge({
      name: 'giornata_backup_last_duration_seconds',
      help: 'Duration of the last successful backup, in seconds',
      registers,
      collect() {
        const value = read().lastDurationSeconds;
        if (value === null) this.reset();
        else this.set(value);
      },
    });
  }

  /** The text a scrape answers, and its content type. */
  async text(): Promise<{ contentType: string; body: string }> {
    const [own, node] = await Promise.all([this.registry.metrics(), processRegistry().metrics()]);
    return { contentType: this.registry.contentType, body: `${own}\n${node}` };
  }
}
