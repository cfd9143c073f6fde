/**
 * The Pianificatore's proposals (docs/api.md, Pianificatore; docs/product.md): prepared off the main thread by a
 * worker (worker.ts), kept in planner_proposals for 7 days, at most one in preparation in the database (a partial
 * unique index: several server processes on one PostgreSQL agree), progress and end told on the live stream through
 * the database's notifications (every process's streams hear it). `applica` writes the whole diff in one
 * transaction, under the week's day locks, only if every day of the week is as it was when the proposal was read
 * (the registro's day fingerprints), as one multi-day operation that Annulla takes back whole.
 */
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { addDays } from '../../../common/dates.ts';
import {
  PIANIFICATORE_MSG as M,
  PROPOSTE_GIORNI,
  type Aggiunta,
  type ApplicaAnswer,
  type Modo,
  type NonCoperta,
  type Proposta,
  type StatoProposta,
} from '../../../common/pianificatore.ts';
import { appendAudit, appendDayAudit, dayFingerprintSql, holdDayRows, type Actor } from '../../db/audit.ts';
import { dateArray } from '../../db/date-array.ts';
import { lockDays } from '../../db/locks.ts';
import { pgErrorCode, type Db } from '../../db/client.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import { notifyLive } from '../../db/live-notify.ts';
import { readPlanInput } from './input.ts';
import type { PlanInput } from './model.ts';
import type { Piano, WorkerJob, WorkerMessage } from './worker.ts';

type Rows<T> = { rows: T[] };

/** What a ready proposal stores (the answer's lists and figures). */
interface Stored {
  copertura: Proposta['copertura'];
  aggiunte: Aggiunta[];
  rimosse: number[];
  nonCoperte: NonCoperta[];
  /** For the bench and the log of figures: the greedy baseline and the times. */
  stats?: Record<string, number | null>;
}

/** Workers of this process, by proposal. */
const running = new Map<number, Worker>();
/**
 * How long past its limit a solve may take to answer (the final plan made concrete, its explanations) before the
 * server ends its thread and keeps the best plan it had reported: the limit is kept here, not trusted to HiGHS.
 */
const LATE_MS = 2000;
/** A worker that has not even started this long after its limit (a thread that cannot boot) is given up. */
const NEVER_STARTED_MS = 15_000;
/** A proposal in preparation whose row has not moved for this long belongs to a process that died. */
const STALE_SECONDS = 120;

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const ratio = (n: number, of: number) => (of === 0 ? 1 : Math.round((n / of) * 10_000) / 10_000);

async function notify(db: Db, event: { ID: number; avanzamento?: number; stato?: StatoProposta }) {
  await notifyLive(db, { pianificatore: event });
}

/** Proposals older than 7 days go; one in preparation whose process died ends in `errore`. */
async function tidy(db: Db) {
  await db.execute(sql`delete from planner_proposals where created_at < now() - make_interval(days => ${PROPOSTE_GIORNI})`);
  await db.execute(sql`update planner_proposals set state = 'errore', error = ${M.solverFailed}
    where state = 'in_corso' and updated_at < now() - make_interval(secs => ${STALE_SECONDS})`);
}

export interface StartOptions {
  /** Where the worker's code is (tests and the bench may run it in the process: 'inline'). */
  inline?: boolean;
  /** Tests only: the worker stalls this long after its first plan (WorkerJob.bloccaMs). */
  bloccaMs?: number;
}

/** POST /server/pianificatore/proposte: reads the week, claims the one place, starts the worker; answers the ID. */
export async function createProposal(
  db: Db,
  by: Actor,
  body: { settimana: string; modo: Modo; secondi: number },
  options: StartOptions = {},
) {
  await tidy(db);
  const read = await readPlanInput(db, body.settimana, body.modo);
  if (read.input.giorni.length === 0) throw badRequest(M.noWorkingDays, ['settimana']);
  if (read.withPlans === 0) throw new HttpError(400, M.noProgetti, ERROR_CODES.noProgetti, ['settimana']);
  let id: number;
  try {
    const { rows } = (await db.execute(sql`
      insert into planner_proposals (week, mode, seconds, fingerprints, created_by)
      values (${body.settimana}::date, ${body.modo}, ${body.secondi}, ${JSON.stringify(read.fingerprints)}::jsonb, ${by.ID})
      returning id`)) as unknown as Rows<{ id: number }>;
    id = Number(rows[0].id);
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw conflict(M.busy, ERROR_CODES.proposalBusy);
    throw err;
  }
  startSolving(db, id, { input: read.input, secondi: body.secondi, bloccaMs: options.bloccaMs }, options);
  return { ID: id };
}

function startSolving(db: Db, id: number, job: WorkerJob, options: StartOptions) {
  const started = Date.now();
  let lastWrite = 0;
  let finished = false;
  const elapsed = () => (Date.now() - started) / 1000;
  const finish = async (state: 'pronta' | 'errore', stored: Stored | null, error: string | null) => {
    if (finished) return;
    finished = true;
    clearTimeout(guard);
    clearTimeout(deadline);
    const worker = running.get(id);
    running.delete(id);
    void worker?.terminate();
    const { rows } = (await db.execute(sql`
      update planner_proposals set state = ${state}, progress = 1, elapsed = ${elapsed()}, updated_at = now(),
        answer = ${stored === null ? null : JSON.stringify(stored)}::jsonb, error = ${error}
      where id = ${id} and state = 'in_corso' returning id`)) as unknown as Rows<{ id: number }>;
    if (rows.length > 0) await notify(db, { ID: id, stato: state });
  };
  /** The last plan the worker reported: what the proposal holds if its thread must be ended at the limit. */
  let best: Piano | null = null;
  const endAtLimit = () =>
    void (best === null ? finish('errore', null, M.timeUp) : finish('pronta', storedOf(job.input, best), null)).catch(() => undefined);
  let deadline: NodeJS.Timeout | undefined;
  const onMessage = (m: WorkerMessage) => {
    if (m.tipo === 'avvio') {
      deadline = setTimeout(endAtLimit, job.secondi * 1000 + LATE_MS);
      deadline.unref();
      return;
    }
    if (m.tipo === 'migliore') {
      best = m;
      return;
    }
    if (m.tipo === 'avanzamento') {
      if (Date.now() - lastWrite < 400 || finished) return;
      lastWrite = Date.now();
      const avanzamento = Math.round(m.valore * 100) / 100;
      void (async () => {
        const { rows } = (await db.execute(sql`
          update planner_proposals set progress = ${avanzamento}, elapsed = ${elapsed()}, updated_at = now()
          where id = ${id} and state = 'in_corso' returning id`)) as unknown as Rows<{ id: number }>;
        // Discarded meanwhile (by any process): the work stops.
        if (rows.length === 0) return finish('errore', null, M.discarded);
        await notify(db, { ID: id, avanzamento });
      })().catch(() => undefined);
      return;
    }
    if (m.tipo === 'errore') {
      void finish('errore', null, M.solverFailed).catch(() => undefined);
      return;
    }
    void finish('pronta', storedOf(job.input, m), null).catch(() => undefined);
  };
  // The last resort, for a thread that never starts.
  const guard = setTimeout(endAtLimit, job.secondi * 1000 + NEVER_STARTED_MS);
  guard.unref();
  if (options.inline) {
    void import('./worker.ts').then(({ runJob }) => runJob(job, onMessage)).catch(() => finish('errore', null, M.solverFailed));
    return;
  }
  const worker = new Worker(new URL('./worker-boot.mjs', import.meta.url), { workerData: { pianificatore: true, job }, execArgv: [] });
  running.set(id, worker);
  worker.on('message', onMessage);
  worker.on('error', () => void finish('errore', null, M.solverFailed).catch(() => undefined));
  worker.on('exit', () => void finish('errore', null, M.solverFailed).catch(() => undefined));
}

function storedOf(input: PlanInput, m: Piano): Stored {
  const nome = new Map(input.tipi.map((t) => [t.id, t.nome]));
  const aggiunte: Aggiunta[] = m.aggiunte
    .map((a) => ({
      data: input.giorni[a.d],
      stanza: a.stanza,
      inizio: hhmm(a.s),
      fine: hhmm(a.e),
      tipo: a.tipo,
      nome: nome.get(a.tipo) ?? '',
      pazienti: [...a.pazienti].sort((x, y) => x - y),
      terapisti: [a.terapista],
    }))
    .sort((x, y) => x.data.localeCompare(y.data) || x.inizio.localeCompare(y.inizio) || x.stanza - y.stanza);
  return {
    copertura: { prima: ratio(m.before, m.required), dopo: ratio(m.covered, m.required), limite: ratio(m.bound, m.required) },
    aggiunte,
    rimosse: [...m.rimosse].sort((x, y) => x - y),
    nonCoperte: m.nonCoperte,
    stats: { greedy: ratio(m.greedyCovered, m.required), primaSoluzione: m.firstFeasible, primaMip: m.mipFirst, totale: m.total },
  };
}

interface Row {
  id: number;
  week: string;
  mode: Modo;
  state: StatoProposta;
  progress: number;
  elapsed: number;
  answer: Stored | string | null;
  fingerprints: Record<string, string> | string;
  error: string | null;
}

async function readRow(db: Db, id: number, lock = false): Promise<Row> {
  const { rows } = (await db.execute(sql`
    select id, week::text as week, mode, state, progress, elapsed, answer, fingerprints, error from planner_proposals
    where id = ${id} and created_at >= now() - make_interval(days => ${PROPOSTE_GIORNI}) ${lock ? sql`for update` : sql``}`)) as unknown as Rows<Row>;
  if (rows.length === 0) throw notFound(M.notFound);
  return rows[0];
}

const parse = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** GET /server/pianificatore/proposte/:id */
export async function readProposal(db: Db, id: number): Promise<Proposta> {
  const row = await readRow(db, id);
  const stored = row.answer === null ? null : parse(row.answer);
  return {
    ID: Number(row.id),
    settimana: row.week,
    modo: row.mode,
    stato: row.state,
    avanzamento: row.state === 'in_corso' ? Number(row.progress) : 1,
    secondi: Math.round(Number(row.elapsed) * 10) / 10,
    copertura: stored?.copertura ?? { prima: 0, dopo: 0, limite: 0 },
    aggiunte: stored?.aggiunte ?? [],
    rimosse: stored?.rimosse ?? [],
    nonCoperte: stored?.nonCoperte ?? [],
    ...(row.state === 'errore' ? { errore: row.error ?? M.solverFailed } : {}),
  };
}

/** POST /server/pianificatore/proposte/:id/scarta */
export async function discardProposal(db: Db, id: number) {
  const row = await readRow(db, id);
  if (row.state === 'applicata') throw conflict(M.alreadyApplied);
  await db.execute(sql`update planner_proposals set state = 'scartata', updated_at = now() where id = ${id} and state <> 'applicata'`);
  const worker = running.get(id);
  running.delete(id);
  await worker?.terminate();
  await notify(db, { ID: id, stato: 'scartata' });
  return { ok: true };
}

/** POST /server/pianificatore/proposte/:id/applica */
export async function applyProposal(db: Db, by: Actor, id: number): Promise<ApplicaAnswer> {
  const answer = await db.transaction(async (tx) => {
    const first = await readRow(tx, id);
    const week = [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(first.week, i));
    await lockDays(tx, week);
    const row = await readRow(tx, id, true);
    if (row.state === 'in_corso') throw conflict(M.notReady);
    if (row.state === 'applicata') throw conflict(M.alreadyApplied);
    if (row.state === 'scartata') throw conflict(M.discarded);
    if (row.state === 'errore' || row.answer === null) throw conflict(M.failed);
    const stored = parse(row.answer);
    const fingerprints = parse(row.fingerprints);
    const { rows: now } = (await tx.execute(sql`
      select d::text as day, ${dayFingerprintSql(sql`d`)} as fp from unnest(${dateArray(week)}) as d`)) as unknown as Rows<{
      day: string;
      fp: string;
    }>;
    if (now.some((r) => fingerprints[r.day] !== r.fp)) throw conflict(M.weekChanged, ERROR_CODES.weekChanged);
    const { rows: removedRows } = (await tx.execute(sql`
      select id, day::text as day from activities where id = any(${`{${stored.rimosse.join(',')}}`}::int[])`)) as unknown as Rows<{
      id: number;
      day: string;
    }>;
    const days = [...new Set([...stored.aggiunte.map((a) => a.data), ...removedRows.map((r) => r.day)])].sort();
    if (days.length === 0) throw conflict(M.nothingToDo);
    const operazione = await appendAudit(tx, by, {
      action: 'pianificatore.applica',
      entity: 'giornata',
      day: days[0],
      dayTo: days[days.length - 1],
      after: { proposta: id, settimana: row.week, aggiunte: stored.aggiunte.length, rimosse: removedRows.length, giorni: days.length },
    });
    for (const day of days) {
      const held = await holdDayRows(tx, day);
      const gone = removedRows.filter((r) => r.day === day).map((r) => Number(r.id));
      if (gone.length > 0) await tx.execute(sql`delete from activities where id = any(${`{${gone.join(',')}}`}::int[])`);
      const added = stored.aggiunte.filter((a) => a.data === day);
      if (added.length > 0) {
        const { rows: ids } = (await tx.execute(sql`
          insert into activities (name, room_id, day, weekday, start, "end", type_id)
          select x->>'nome', (x->>'stanza')::int, ${day}::date, extract(dow from ${day}::date)::int, (x->>'inizio')::time, (x->>'fine')::time, (x->>'tipo')::int
          from jsonb_array_elements(${JSON.stringify(added)}::jsonb) with ordinality as t(x, n) order by n
          returning id`)) as unknown as Rows<{ id: number }>;
        const patients = added.flatMap((a, i) => a.pazienti.map((p) => [Number(ids[i].id), p]));
        const therapists = added.flatMap((a, i) => a.terapisti.map((t) => [Number(ids[i].id), t]));
        await tx.execute(sql`insert into activity_patients (activity_id, patient_id)
          select (x->>0)::int, (x->>1)::int from jsonb_array_elements(${JSON.stringify(patients)}::jsonb) x`);
        await tx.execute(sql`insert into activity_therapists (activity_id, therapist_id)
          select (x->>0)::int, (x->>1)::int from jsonb_array_elements(${JSON.stringify(therapists)}::jsonb) x`);
      }
      await appendDayAudit(tx, by, {
        action: 'pianificatore.giornata',
        entity: 'giornata',
        day,
        patients: [...held.patients, ...added.flatMap((a) => a.pazienti)],
        therapists: [...held.therapists, ...added.flatMap((a) => a.terapisti)],
        after: { gruppo: operazione, proposta: id, aggiunte: added.length, rimosse: gone.length },
      });
    }
    await tx.execute(sql`update planner_proposals set state = 'applicata', updated_at = now() where id = ${id}`);
    return { ok: true, operazione, scritte: stored.aggiunte.length + removedRows.length };
  });
  await notify(db, { ID: id, stato: 'applicata' });
  return answer;
}

/** Stops this process's workers (the server is closing). */
export async function stopPlanners() {
  const workers = [...running.values()];
  running.clear();
  await Promise.all(workers.map((w) => w.terminate()));
}
