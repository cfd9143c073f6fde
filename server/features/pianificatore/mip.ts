/**
 * The Pianificatore's mixed-integer model, solved by HiGHS (WebAssembly; docs/decisions/0040-pianificatore-solver.md).
 * Columns are candidate activities pre-filtered by feasibility (a grid start inside the utente's hours, free, some room
 * and some operatore of the profile then): one per (utente, riga, day, start[, operatore]) for individual types, one per
 * (type, minutes, day, start[, operatore]) for group types with a column per utente who may join it; in `rifai` one
 * "keep" column per removable activity. Rows: nobody in two places at one grid point (an overlap always contains the
 * later start, which lies on the grid), sessions per riga and per day, operatori's hours, rooms counted per point and
 * per type. Two formulations: `operatore` (each operatore her own column: exact on people, continuity and balance in
 * the objective) and `profilo` (operatori pooled by profile: smaller, a relaxation, operatori given afterwards). Rooms
 * are always counted, not named, so both are relaxations on rooms: the bound is a true upper bound; the choice is made
 * concrete by `placeActivity` (model.ts) and topped up greedily.
 */
import * as highsModule from 'highs';
import type { Highs } from 'highs';
import {
  GRID,
  WeekState,
  coverageOf,
  greedyFill,
  placeActivity,
  rigaKey,
  startsWithin,
  type DaySpan,
  type InputTipo,
  type PlanInput,
} from './model.ts';

export type Formulazione = 'operatore' | 'profilo';

export interface SolveOptions {
  secondi: number;
  formulazione?: Formulazione;
  /** Stop when the incumbent is within this relative gap of the bound. */
  gap?: number;
  onProgress?: (fraction: number) => void;
  /**
   * Each plan better than the last one reported, as soon as it is known: the greedy answer first, then each better
   * incumbent of the MIP made concrete. The server keeps the last one, so a solve that overruns its limit still
   * answers with it (HiGHS does not always stop on time; docs/decisions/0040-pianificatore-solver.md).
   */
  onBest?: (outcome: SolveOutcome) => void;
}

export interface SolveOutcome {
  state: WeekState;
  /** Covered / required minutes. */
  required: number;
  covered: number;
  before: number;
  /** Proven upper bound on covered minutes. */
  bound: number;
  greedyCovered: number;
  /** Seconds to the greedy answer (the first feasible one), to the MIP's first incumbent, in all. */
  firstFeasible: number;
  mipFirst: number | null;
  total: number;
  status: string;
  columns: number;
  rows: number;
}

// The package is CommonJS to TypeScript and an ES module to Node: its loader is the default export of either.
type Loader = () => Promise<Highs>;
const highsLoader = ((highsModule as unknown as { default?: Loader }).default ?? highsModule) as unknown as Loader;
let loaded: Promise<Highs> | undefined;
const highs = () => (loaded ??= highsLoader());

interface Col {
  cost: number;
  upper: number;
  integer: boolean;
}
interface Activity {
  col: number;
  tipo: InputTipo;
  span: DaySpan;
  /** Operatore's id, or null when pooled by profile. */
  op: number | null;
  /** Individual: its one utente; group: filled from the y columns. */
  patient: number | null;
  minuti: number;
  members: { p: number; col: number }[];
}

export async function solveWeek(input: PlanInput, options: SolveOptions): Promise<SolveOutcome> {
  const started = Date.now();
  const secs = () => (Date.now() - started) / 1000;
  const formulazione = options.formulazione ?? 'operatore';
  const deadline = started + options.secondi * 1000;

  // The week as it stays (every removable activity removed) and as it is (all kept).
  const base = new WeekState(input, new Set());
  const before = coverageOf(new WeekState(input, 'all'));

  // Greedy: the first feasible answer and the baseline.
  const greedy = new WeekState(input, 'all');
  greedyFill(greedy, deadline);
  const greedyCov = coverageOf(greedy);
  const firstFeasible = secs();
  let mipFirst = null as number | null;
  let status = 'greedy';
  // Known once the model is built; a plan reported before then (the greedy one) says 0.
  const size = { columns: 0, rows: 0 };
  const outcomeOf = (state: WeekState, dualBound: number): SolveOutcome => {
    const cov = coverageOf(state);
    const boundFromMip = Number.isFinite(dualBound) ? 5 * Math.floor((dualBound + 0.5) / 5 + 1e-9) : cov.required;
    return {
      state,
      required: cov.required,
      covered: cov.covered,
      before: before.covered,
      bound: Math.max(cov.covered, Math.min(cov.required, boundFromMip)),
      greedyCovered: greedyCov.covered,
      firstFeasible,
      mipFirst,
      total: secs(),
      status,
      ...size,
    };
  };
  // The best week so far, reported as it changes.
  let best = { state: greedy, covered: greedyCov.covered };
  options.onBest?.(outcomeOf(greedy, Infinity));
  options.onProgress?.(0.05);

  const cols: Col[] = [];
  const addCol = (cost: number, upper = 1, integer = true) => cols.push({ cost, upper, integer }) - 1;
  const acts: Activity[] = [];
  const prev = new Map(input.precedenti.map((x) => [rigaKey(x.paziente, x.tipo), x.terapista]));
  const maxSessions = input.pazienti.reduce((n, p) => n + p.righe.reduce((m, r) => m + r.sedute, 0), 0) + 1;
  const removable = input.esistenti.filter((a) => a.rimovibile);
  const dContinuity = 0.4 / maxSessions;
  const dKeep = 0.4 / (removable.length + 1);
  const dGroup = 0.2 / (maxSessions * 10 + 1);
  const dBalance = 0.2;

  const opsOf = (tipo: InputTipo, span: DaySpan) => base.operatoriFor(tipo, span);
  // Building the model takes time too: past the point where solving it could still pay, the greedy answer stands.
  const lateFor = started + options.secondi * 1000 * 0.6;
  let late = false;
  const tooLate = () => (late ||= Date.now() > lateFor);
  // ---- candidate activities ----
  for (const p of input.pazienti) {
    for (const r of p.righe) {
      const tipo = base.tipi.get(r.tipo);
      if (!tipo || tipo.partecipanti > 1 || base.missing(p.id, r) === 0) continue;
      for (let d = 0; d < input.giorni.length && !tooLate(); d++) {
        const w = p.finestre[d];
        if (w === null || p.assente[d]) continue;
        for (const s of startsWithin(input, w, r.minuti)) {
          const span = { d, s, e: s + r.minuti };
          if (!base.patientFits(p, r, span) || base.roomsFor(tipo.id, 1, span).length === 0) continue;
          const ops = opsOf(tipo, span);
          if (ops.length === 0) continue;
          const choices = formulazione === 'operatore' ? ops.map((o) => o.id) : [null];
          for (const op of choices) {
            const bonus = op !== null && prev.get(rigaKey(p.id, tipo.id)) === op ? dContinuity : 0;
            acts.push({ col: addCol(bonus), tipo, span, op, patient: p.id, minuti: r.minuti, members: [] });
          }
        }
      }
    }
  }
  const groupCap = new Map<number, number>();
  for (const tipo of input.tipi.filter((t) => t.partecipanti > 1)) {
    const fitting = input.stanze.filter((r) => r.tipi.length === 0 || r.tipi.includes(tipo.id));
    const cap = Math.min(tipo.partecipanti, Math.max(0, ...fitting.map((r) => r.capienza ?? tipo.partecipanti)));
    groupCap.set(tipo.id, cap);
    if (cap === 0) continue;
    const minutiSet = new Set(input.pazienti.flatMap((p) => p.righe.filter((r) => r.tipo === tipo.id).map((r) => r.minuti)));
    for (const minuti of minutiSet) {
      for (let d = 0; d < input.giorni.length && !tooLate(); d++) {
        for (const s of startsWithin(input, { s: input.apertura, e: input.chiusura }, minuti)) {
          const span = { d, s, e: s + minuti };
          const who = input.pazienti.filter((p) =>
            p.righe.some((r) => r.tipo === tipo.id && r.minuti === minuti && base.missing(p.id, r) > 0 && base.patientFits(p, r, span)),
          );
          if (who.length === 0 || base.roomsFor(tipo.id, 1, span).length === 0) continue;
          const ops = opsOf(tipo, span);
          if (ops.length === 0) continue;
          for (const op of formulazione === 'operatore' ? ops.map((o) => o.id) : [null]) {
            const a: Activity = { col: addCol(-dGroup), tipo, span, op, patient: null, minuti, members: [] };
            for (const p of who) {
              const bonus = op !== null && prev.get(rigaKey(p.id, tipo.id)) === op ? dContinuity : 0;
              a.members.push({ p: p.id, col: addCol(bonus) });
            }
            acts.push(a);
          }
        }
      }
    }
  }
  const keepCols = removable.map((a) => ({ a, col: addCol(dKeep) }));
  // Sessions covered per riga (fixed ones included), the objective's minutes.
  const rigaCols = new Map<string, { col: number; fixed: number; sedute: number; minuti: number }>();
  for (const p of input.pazienti) {
    for (const r of p.righe) {
      const fixed = Math.min(r.sedute, base.sessions.get(rigaKey(p.id, r.tipo)) ?? 0);
      rigaCols.set(rigaKey(p.id, r.tipo), { col: addCol(r.minuti, r.sedute, false), fixed, sedute: r.sedute, minuti: r.minuti });
    }
  }
  const balanceCol = formulazione === 'operatore' ? addCol(-dBalance, 1, false) : -1;

  // ---- rows ----
  const rowLo: number[] = [];
  const rowHi: number[] = [];
  const rowIdx: number[][] = [];
  const rowVal: number[][] = [];
  const addRow = (idx: number[], val: number[], lo: number, hi: number) => {
    rowIdx.push(idx);
    rowVal.push(val);
    rowLo.push(lo);
    rowHi.push(hi);
  };
  const points = (d: number) => {
    const out: number[] = [];
    for (let t = input.apertura; t < input.chiusura; t += GRID) out.push(t);
    return out.map((t) => ({ d, t }));
  };
  const allPoints = input.giorni.flatMap((_, d) => points(d));
  const keyPT = (k: string | number, d: number, t: number) => `${k}|${d}|${t}`;
  const bucket = new Map<string, { idx: number[]; val: number[] }>();
  const put = (key: string, col: number, val = 1) => {
    let b = bucket.get(key);
    if (!b) bucket.set(key, (b = { idx: [], val: [] }));
    b.idx.push(col);
    b.val.push(val);
  };
  const pointsOf = (span: DaySpan) => {
    const out: number[] = [];
    for (let t = input.apertura + Math.ceil((span.s - input.apertura) / GRID) * GRID; t < span.e; t += GRID) out.push(t);
    return out;
  };
  const profileOf = new Map(input.operatori.map((o) => [o.id, o.profilo ?? '*']));
  const poolOf = (tipo: InputTipo) => tipo.profilo ?? '*';
  // People, operatori and rooms at each grid point.
  for (const a of acts) {
    for (const t of pointsOf(a.span)) {
      if (a.op !== null) put(keyPT(`o${a.op}`, a.span.d, t), a.col);
      else put(keyPT(`P${poolOf(a.tipo)}`, a.span.d, t), a.col);
      put(keyPT('R', a.span.d, t), a.col);
      put(keyPT(`R${a.tipo.id}`, a.span.d, t), a.col);
      if (a.patient !== null) put(keyPT(`p${a.patient}`, a.span.d, t), a.col);
      for (const m of a.members) put(keyPT(`p${m.p}`, a.span.d, t), m.col);
    }
  }
  for (const { a, col } of keepCols) {
    for (const t of pointsOf(a)) {
      for (const o of a.terapisti) {
        put(keyPT(`o${o}`, a.d, t), col);
        put(keyPT(`P${profileOf.get(o) ?? '*'}`, a.d, t), col);
      }
      if (a.stanza !== null) {
        put(keyPT('R', a.d, t), col);
        put(keyPT(`R${a.tipo}`, a.d, t), col);
      }
      for (const p of a.pazienti) put(keyPT(`p${p}`, a.d, t), col);
    }
  }
  const freeAt = (busy: DaySpan[], d: number, t: number) => !busy.some((b) => b.d === d && b.s <= t && t < b.e);
  const restricted = input.stanze.some((r) => r.tipi.length > 0);
  for (const { d, t } of late ? [] : allPoints) {
    for (const o of input.operatori) {
      const b = bucket.get(keyPT(`o${o.id}`, d, t));
      if (b && b.idx.length > 1 && formulazione === 'operatore') addRow(b.idx, b.val, -Infinity, 1);
    }
    if (formulazione === 'profilo') {
      for (const pool of new Set([...profileOf.values(), '*'])) {
        const b = bucket.get(keyPT(`P${pool}`, d, t));
        if (!b) continue;
        const cap = input.operatori.filter(
          (o) => (pool === '*' || o.profilo === pool) && o.finestre[d].some((w) => w.s <= t && t < w.e) && freeAt(o.occupato, d, t),
        ).length;
        if (b.idx.length > cap) addRow(b.idx, b.val, -Infinity, cap);
      }
    }
    for (const p of input.pazienti) {
      const b = bucket.get(keyPT(`p${p.id}`, d, t));
      if (b && b.idx.length > 1) addRow(b.idx, b.val, -Infinity, 1);
    }
    const freeRooms = input.stanze.filter((r) => freeAt(r.occupato, d, t));
    const all = bucket.get(keyPT('R', d, t));
    if (all && all.idx.length > freeRooms.length) addRow(all.idx, all.val, -Infinity, freeRooms.length);
    if (restricted) {
      for (const tipo of input.tipi) {
        const b = bucket.get(keyPT(`R${tipo.id}`, d, t));
        const cap = freeRooms.filter((r) => r.tipi.length === 0 || r.tipi.includes(tipo.id)).length;
        if (b && b.idx.length > cap) addRow(b.idx, b.val, -Infinity, cap);
      }
    }
  }
  // Riga: new sessions at most what is missing, one a day; the covered count from them.
  const newOf = new Map<string, { col: number; d: number }[]>();
  for (const a of acts) {
    if (a.patient !== null) {
      const k = rigaKey(a.patient, a.tipo.id);
      newOf.set(k, [...(newOf.get(k) ?? []), { col: a.col, d: a.span.d }]);
    }
    for (const m of a.members) {
      const k = rigaKey(m.p, a.tipo.id);
      newOf.set(k, [...(newOf.get(k) ?? []), { col: m.col, d: a.span.d }]);
    }
  }
  const keepOf = new Map<string, { col: number; d: number }[]>();
  for (const { a, col } of keepCols) {
    for (const p of a.pazienti) {
      const pz = base.pazienti.get(p);
      if (!pz?.righe.some((r) => r.tipo === a.tipo) || pz.finestre[a.d] === null || pz.assente[a.d]) continue;
      const k = rigaKey(p, a.tipo);
      keepOf.set(k, [...(keepOf.get(k) ?? []), { col, d: a.d }]);
    }
  }
  for (const [k, rc] of rigaCols) {
    const news = newOf.get(k) ?? [];
    const keeps = keepOf.get(k) ?? [];
    if (news.length > 0)
      addRow(
        news.map((n) => n.col),
        news.map(() => 1),
        -Infinity,
        Math.max(0, rc.sedute - rc.fixed),
      );
    // covered − new − kept ≤ fixed
    addRow(
      [rc.col, ...news.map((n) => n.col), ...keeps.map((n) => n.col)],
      [1, ...news.map(() => -1), ...keeps.map(() => -1)],
      -Infinity,
      rc.fixed,
    );
    for (let d = 0; d < input.giorni.length; d++) {
      const nd = news.filter((n) => n.d === d);
      const kd = keeps.filter((n) => n.d === d);
      if (nd.length + kd.length > 1 && nd.length > 0)
        addRow(
          [...nd, ...kd].map((n) => n.col),
          [...nd, ...kd].map(() => 1),
          -Infinity,
          Math.max(1, kd.length),
        );
    }
  }
  // Groups: members only in an open activity, at most its capacity.
  for (const a of acts) {
    if (a.members.length === 0) continue;
    for (const m of a.members) addRow([m.col, a.col], [1, -1], -Infinity, 0);
    const cap = groupCap.get(a.tipo.id)!;
    if (a.members.length > cap) addRow([...a.members.map((m) => m.col), a.col], [...a.members.map(() => 1), -cap], -Infinity, 0);
  }
  // Hours: per operatore, or per profile pool; and the balance (the most loaded operatore's share of her contract).
  if (formulazione === 'operatore') {
    for (const o of input.operatori) {
      const idx: number[] = [];
      const val: number[] = [];
      for (const a of acts) {
        if (a.op !== o.id) continue;
        idx.push(a.col);
        val.push(a.minuti);
      }
      for (const { a, col } of keepCols) {
        if (!a.terapisti.includes(o.id)) continue;
        idx.push(col);
        val.push(a.e - a.s);
      }
      if (idx.length === 0) continue;
      if (o.minutiLiberi !== null) addRow(idx, val, -Infinity, o.minutiLiberi);
      if (o.minutiContratto) {
        const fixed = o.minutiLiberi === null ? 0 : o.minutiContratto - o.minutiLiberi;
        addRow([...idx, balanceCol], [...val.map((v) => v / o.minutiContratto!), -1], -Infinity, -fixed / o.minutiContratto);
      }
    }
  } else {
    for (const pool of new Set(profileOf.values())) {
      const members = input.operatori.filter((o) => (o.profilo ?? '*') === pool);
      if (members.some((o) => o.minutiLiberi === null)) continue;
      const idx: number[] = [];
      const val: number[] = [];
      for (const a of acts) {
        if (a.op !== null || poolOf(a.tipo) !== pool) continue;
        idx.push(a.col);
        val.push(a.minuti);
      }
      if (idx.length > 0)
        addRow(
          idx,
          val,
          -Infinity,
          members.reduce((n, o) => n + (o.minutiLiberi ?? 0), 0),
        );
    }
  }

  // ---- the greedy answer as the MIP's start ----
  const start = new Float64Array(cols.length);
  const actIndex = new Map<string, Activity>();
  const actKey = (tipo: number, d: number, s: number, op: number | null, patient: number | null, minuti: number) =>
    `${tipo}|${d}|${s}|${op ?? '-'}|${patient ?? '-'}|${minuti}`;
  for (const a of acts) actIndex.set(actKey(a.tipo.id, a.span.d, a.span.s, a.op, a.patient, a.minuti), a);
  for (const g of greedy.aggiunte) {
    const tipo = greedy.tipi.get(g.tipo)!;
    const op = formulazione === 'operatore' ? g.terapista : null;
    const a = actIndex.get(actKey(g.tipo, g.d, g.s, op, tipo.partecipanti > 1 ? null : g.pazienti[0], g.e - g.s));
    if (!a || start[a.col] > 0) continue;
    start[a.col] = 1;
    for (const m of a.members) if (g.pazienti.includes(m.p)) start[m.col] = 1;
  }
  for (const { col } of keepCols) start[col] = 1;
  for (const [k, rc] of rigaCols) {
    const n = (newOf.get(k) ?? []).reduce((x, c) => x + start[c.col], 0) + (keepOf.get(k) ?? []).length + rc.fixed;
    start[rc.col] = Math.min(rc.sedute, n);
  }
  if (balanceCol >= 0) start[balanceCol] = 1;

  /** A MIP solution as a week: its activities placed (rooms named, people checked), then topped up greedily until `until`. */
  const concrete = (v: Float64Array, until: number) => {
    const kept = new Set(keepCols.filter(({ col }) => v[col] > 0.5).map(({ a }) => a.id));
    const state = new WeekState(input, kept);
    const picked = acts
      .filter((a) => v[a.col] > 0.5)
      .map((a) => ({ a, who: a.patient !== null ? [a.patient] : a.members.filter((m) => v[m.col] > 0.5).map((m) => m.p) }))
      .filter((x) => x.who.length > 0)
      .sort((x, y) => y.who.length - x.who.length || x.a.span.d - y.a.span.d || x.a.span.s - y.a.span.s);
    for (const { a, who } of picked) placeActivity(state, a.tipo, a.span, who, a.op ?? undefined);
    greedyFill(state, until);
    return state;
  };

  // ---- solve ----
  size.columns = cols.length;
  size.rows = rowLo.length;
  const h = await highs();
  const numCols = cols.length;
  const numRows = rowLo.length;
  const starts = [0];
  const indices: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < numRows; i++) {
    const seen = new Map<number, number>();
    rowIdx[i].forEach((c, j) => seen.set(c, (seen.get(c) ?? 0) + rowVal[i][j]));
    const sorted = [...seen.keys()].sort((x, y) => x - y);
    for (const c of sorted) {
      indices.push(c);
      values.push(seen.get(c)!);
    }
    starts.push(indices.length);
  }
  const inf = h.infinity;
  let bestVector = null as Float64Array | null;
  let dualBound = Infinity;
  const timeLeft = (deadline - Date.now()) / 1000 - 0.6;
  if (!tooLate() && numCols > 0 && numRows > 0 && timeLeft > 0.2) {
    const model = h.createModel({
      numCols,
      numRows,
      sense: h.constants.objectiveSense.maximize,
      colCost: cols.map((c) => c.cost),
      colLower: cols.map(() => 0),
      colUpper: cols.map((c) => c.upper),
      rowLower: rowLo.map((v) => (v === -Infinity ? -inf : v)),
      rowUpper: rowHi,
      matrix: { format: 'csr', numRows, numCols, starts, indices, values },
      integrality: Int32Array.from(cols, (c) => (c.integer ? 1 : 0)),
    });
    try {
      model.options.set({ time_limit: timeLeft, mip_rel_gap: options.gap ?? 0.01, output_flag: false });
      try {
        model.setSolution({ colValue: start });
      } catch {
        // An infeasible start (an existing week with its own clashes) is only a hint.
      }
      let lastReport = 0;
      const result = model.run({
        [h.constants.callbackType.mipImprovingSolution]: (event) => {
          if (mipFirst === null) mipFirst = secs();
          if (event.data.mip_solution) {
            bestVector = Float64Array.from(event.data.mip_solution);
            if (options.onBest) {
              const state = concrete(bestVector, Date.now() + 100);
              const covered = coverageOf(state).covered;
              if (covered > best.covered) {
                best = { state, covered };
                options.onBest(outcomeOf(state, event.data.mip_dual_bound ?? Infinity));
              }
            }
          }
          return undefined;
        },
        [h.constants.callbackType.mipInterrupt]: (event) => {
          const now = Date.now();
          if (now - lastReport > 250) {
            lastReport = now;
            options.onProgress?.(Math.min(0.95, 0.05 + (0.9 * (now - started)) / (deadline - started)));
          }
          if (now > deadline - 400 || (event.data.mip_gap ?? Infinity) <= (options.gap ?? 0.01)) event.interrupt();
          return undefined;
        },
      });
      status = String(result.modelStatus);
      try {
        const db = Number(model.info.get('mip_dual_bound'));
        if (Number.isFinite(db)) dualBound = db;
      } catch {
        // no bound known
      }
      // Solved to optimality (presolve alone may do it on a small week): the optimum is its own bound.
      if (result.modelStatus === h.constants.modelStatus.optimal) dualBound = Math.min(dualBound, model.getObjectiveValue());
      try {
        const sol = model.getSolution();
        if (sol.colValue.length === numCols && result.modelStatus !== h.constants.modelStatus.infeasible) bestVector ??= sol.colValue;
        if (result.modelStatus === h.constants.modelStatus.optimal) bestVector = sol.colValue;
      } catch {
        // keep the last incumbent
      }
    } finally {
      model.dispose();
    }
  }
  options.onProgress?.(0.97);

  // ---- the MIP's answer made concrete ----
  if (bestVector !== null) {
    const state = concrete(bestVector, Math.max(deadline, Date.now() + 300));
    const covered = coverageOf(state).covered;
    if (covered >= best.covered) best = { state, covered };
  }
  return outcomeOf(best.state, dualBound);
}
