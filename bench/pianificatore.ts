/**
 * npm run bench:pianificatore: the Pianificatore's figures (docs/performance.md, Pianificatore; docs/decisions/0040).
 * 1. The solver alone on synthetic centres (server/features/pianificatore/synthetic.ts): the demo's size (40 utenti,
 *    12 operatori, 8 rooms), 2× and 4×, plans needing about 80 % of the staff's hours; both formulations of the MIP
 *    (`operatore`, `profilo`) against the greedy baseline: time to the first feasible answer (the greedy one), to the
 *    MIP's first incumbent, in all; coverage, bound, gap.
 * 2. The demo centre through the real app (PGlite in memory, or PostgreSQL with DATABASE_URL): the day read's p50/p95
 *    for 10 s alone, then for as long as a proposal for next week is being prepared in its worker thread (10 s allowed),
 *    in BENCH_PAIRS pairs (default 2).
 * BENCH_SCALES (default 1,2,4), BENCH_FORMS (default operatore,profilo).
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { addDays, mondayOf, todayInRome } from '../common/dates.ts';
import type { Proposta } from '../common/pianificatore.ts';
import { buildApp } from '../server/app.ts';
import { openPglite, openPostgres } from '../server/db/client.ts';
import { seedDemo } from '../server/lib/seed-demo.ts';
import { solveWeek, type Formulazione } from '../server/features/pianificatore/mip.ts';
import { checkFeasible } from '../server/features/pianificatore/model.ts';
import { syntheticCentre } from '../server/features/pianificatore/synthetic.ts';
import { TEST_CALL_LIMITS, TestClient } from '../server/test/harness.ts';

const scales = (process.env.BENCH_SCALES ?? '1,2,4')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const forms = (process.env.BENCH_FORMS ?? 'operatore,profilo').split(',') as Formulazione[];
const PAIRS = Number(process.env.BENCH_PAIRS ?? 2);
const LIMITS: Record<number, number> = { 1: 10, 2: 30, 4: 60 };
const pct = (n: number) => Math.round(n * 1000) / 10;
const round = (n: number) => Math.round(n * 100) / 100;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

console.log(JSON.stringify({ loadavg: loadavg().map(round) }));
for (const scale of scales) {
  for (const formulazione of forms) {
    const input = syntheticCentre(scale);
    const secondi = LIMITS[scale] ?? 60;
    const out = await solveWeek(input, { secondi, formulazione });
    console.log(
      JSON.stringify({
        centro: `${scale}×`,
        utenti: input.pazienti.length,
        operatori: input.operatori.length,
        stanze: input.stanze.length,
        formulazione,
        limite_s: secondi,
        colonne: out.columns,
        righe: out.rows,
        greedy: pct(out.greedyCovered / out.required),
        primaSoluzione_s: round(out.firstFeasible),
        primaMip_s: out.mipFirst === null ? null : round(out.mipFirst),
        totale_s: round(out.total),
        copertura: pct(out.covered / out.required),
        limite: pct(out.bound / out.required),
        gap: pct((out.bound - out.covered) / out.required),
        conflitti: checkFeasible(out.state) || 'nessuno',
        // HiGHS's model status (7 optimal, 13 time limit, 17 interrupted; 'greedy': not solved, limite is then 100 %).
        stato: out.status,
        loadavg: round(loadavg()[0]),
      }),
    );
  }
}

// ---- day reads with and without a proposal being prepared ----
const database = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite('memory://');
const today = todayInRome();
const accounts = await seedDemo(database.db, today);
const app = await buildApp({
  database,
  config: { cookieSecure: false, sessionIdleMs: 3_600_000, sessionMaxMs: 7_200_000 },
  limits: TEST_CALL_LIMITS,
});
const admin = await new TestClient(app).login(accounts.admin);
const days = [0, 1, 2, 3, 4].map((i) => addDays(mondayOf(today), i));
/** Day reads at a person's pace (20 ms apart: the worker shares the two cores with them) while `going()` holds. */
async function dayReads(label: string, going: () => boolean) {
  const times: number[] = [];
  for (let i = 0; going(); i++) {
    const start = performance.now();
    const res = await admin.post('/server/calendario/giornata', { data: days[i % days.length] });
    times.push(performance.now() - start);
    if (res.status !== 200) throw new Error(`${label}: ${res.status}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return times;
}
const forMs = (ms: number) => {
  const end = performance.now() + ms;
  return () => performance.now() < end;
};
const figures = (times: number[]) => ({ n: times.length, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) });
await dayReads('warm-up', forMs(3000));
// Pairs: reads for the proposal's limit with nothing else, then reads for as long as a proposal is being prepared
// (its whole solve, not only its start), so each p95 stands on hundreds of reads.
const alone: number[] = [];
const during: number[] = [];
const pairs: Record<string, unknown>[] = [];
let proposal: Proposta | undefined;
const next = addDays(mondayOf(today), 7);
for (let pair = 0; pair < PAIRS; pair++) {
  const a = await dayReads('alone', forMs(10_000));
  const created = await admin.post<{ ID: number }>('/server/pianificatore/proposte', { settimana: next, modo: 'completa', secondi: 10 });
  if (created.status !== 202) throw new Error(`proposta: ${created.status} ${JSON.stringify(created.body)}`);
  let preparing = true;
  const watch = (async () => {
    for (;;) {
      const p = (await admin.get<Proposta>(`/server/pianificatore/proposte/${created.body.ID}`)).body;
      if (p.stato !== 'in_corso') return p;
      await new Promise((r) => setTimeout(r, 500));
    }
  })().then((p) => {
    preparing = false;
    return p;
  });
  const d = await dayReads('during', () => preparing);
  proposal = await watch;
  if (proposal.stato === 'pronta') await admin.post(`/server/pianificatore/proposte/${proposal.ID}/scarta`, {});
  alone.push(...a);
  during.push(...d);
  pairs.push({
    senzaProposta: figures(a),
    conProposta: figures(d),
    peggioramentoP95: `${pct(percentile(d, 95) / percentile(a, 95) - 1)} %`,
  });
}
console.log(
  JSON.stringify({
    name: 'lettura giornata (demo)',
    database: database.kind,
    senzaProposta: figures(alone),
    conProposta: figures(during),
    peggioramentoP95: `${pct(percentile(during, 95) / percentile(alone, 95) - 1)} %`,
    coppie: pairs,
    proposta: proposal && {
      stato: proposal.stato,
      secondi: proposal.secondi,
      copertura: proposal.copertura,
      aggiunte: proposal.aggiunte.length,
    },
    loadavg: round(loadavg()[0]),
  }),
);
await app.close();
await database.close();
