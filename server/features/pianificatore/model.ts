/**
 * The Pianificatore's model (docs/decisions/0040-pianificatore-solver.md), pure: what the week asks (each utente's
 * righe: sedute × minuti, on his days, within his hours) and what it offers (operatori of a profile, available, with
 * hours left; rooms free, of a capacity and for some types), on a 15-minute grid between apertura and chiusura.
 * The database is read into a PlanInput (input.ts); the greedy construction and the state it fills live here, shared by
 * the MIP (mip.ts), which starts from the greedy answer and whose choice is made concrete (operatori, rooms) here too.
 * Times are minutes from midnight; a day is its index in `giorni`.
 */
import { profiloInSentence, type Profilo } from '../../../common/progetti.ts';
import type { Modo, Motivo, NonCoperta } from '../../../common/pianificatore.ts';

export const GRID = 15;

export interface Span {
  s: number;
  e: number;
}
export interface DaySpan extends Span {
  d: number;
}

export interface InputTipo {
  id: number;
  nome: string;
  profilo: Profilo | null;
  partecipanti: number;
}
export interface InputRiga {
  tipo: number;
  sedute: number;
  minuti: number;
}
export interface InputPaziente {
  id: number;
  nome: string;
  righe: InputRiga[];
  /** Per day: his hours at the centre (frequenza ∩ runs ∩ opening hours), or null when he does not come. */
  finestre: (Span | null)[];
  /** Per day: absent (an absence or the roll call), on a day of his frequenza. */
  assente: boolean[];
  /** What he already does that stays (activities and runs). */
  occupato: DaySpan[];
}
export interface InputOperatore {
  id: number;
  nome: string;
  profilo: Profilo | null;
  /** Minutes of her contract left this week (after what stays); null: not said, no limit. */
  minutiLiberi: number | null;
  /** Minutes of her contract (for the balance); null: not said. */
  minutiContratto: number | null;
  /** Per day: her availability windows (already cut to opening hours); [] when not there (absent, or no window). */
  finestre: Span[][];
  occupato: DaySpan[];
}
export interface InputStanza {
  id: number;
  capienza: number | null;
  /** Allowed types; [] = any. */
  tipi: number[];
  occupato: DaySpan[];
}
/** An activity with a type already in the week. */
export interface InputEsistente {
  id: number;
  d: number;
  s: number;
  e: number;
  tipo: number;
  stanza: number | null;
  pazienti: number[];
  terapisti: number[];
  /** `rifai` may remove it. */
  rimovibile: boolean;
}
export interface PlanInput {
  settimana: string;
  modo: Modo;
  giorni: string[];
  apertura: number;
  chiusura: number;
  tipi: InputTipo[];
  pazienti: InputPaziente[];
  operatori: InputOperatore[];
  stanze: InputStanza[];
  esistenti: InputEsistente[];
  /** Last week's operatore of each utente and type (continuity). */
  precedenti: { paziente: number; tipo: number; terapista: number }[];
}

/** One activity the proposal adds. */
export interface NewActivity {
  d: number;
  s: number;
  e: number;
  tipo: number;
  pazienti: number[];
  terapista: number;
  stanza: number;
}

export interface PlanResult {
  aggiunte: NewActivity[];
  /** IDs of existing activities removed (rifai). */
  rimosse: number[];
}

const overlaps = (a: Span, b: Span) => a.s < b.e && b.s < a.e;
const inside = (inner: Span, outer: Span) => outer.s <= inner.s && inner.e <= outer.e;

/** The riga key of an utente and a type. */
export const rigaKey = (paziente: number, tipo: number) => `${paziente}:${tipo}`;

/**
 * The week being filled: who is busy when, hours used, sessions per riga. Built from the input with what stays
 * (`keep`: the removable activities kept; all of them in `completa`).
 */
export class WeekState {
  readonly tipi = new Map<number, InputTipo>();
  readonly pazienti = new Map<number, InputPaziente>();
  readonly operatori = new Map<number, InputOperatore>();
  private readonly busyP = new Map<number, DaySpan[]>();
  private readonly busyO = new Map<number, DaySpan[]>();
  private readonly busyR = new Map<number, DaySpan[]>();
  readonly used = new Map<number, number>();
  /** Sessions per riga (utente:tipo), and the days they fall on. */
  readonly sessions = new Map<string, number>();
  readonly daysOf = new Map<string, Set<number>>();
  readonly aggiunte: NewActivity[] = [];
  readonly kept = new Set<number>();

  constructor(
    readonly input: PlanInput,
    keep: ReadonlySet<number> | 'all',
  ) {
    input.tipi.forEach((t) => this.tipi.set(t.id, t));
    for (const p of input.pazienti) {
      this.pazienti.set(p.id, p);
      this.busyP.set(p.id, [...p.occupato]);
    }
    for (const o of input.operatori) {
      this.operatori.set(o.id, o);
      this.busyO.set(o.id, [...o.occupato]);
      this.used.set(o.id, 0);
    }
    for (const r of input.stanze) this.busyR.set(r.id, [...r.occupato]);
    for (const a of input.esistenti) {
      const stays = !a.rimovibile || keep === 'all' || keep.has(a.id);
      if (!stays) continue;
      if (a.rimovibile) {
        this.kept.add(a.id);
        const span = { d: a.d, s: a.s, e: a.e };
        a.pazienti.forEach((p) => this.busyP.get(p)?.push(span));
        a.terapisti.forEach((o) => {
          this.busyO.get(o)?.push(span);
          this.used.set(o, (this.used.get(o) ?? 0) + (a.e - a.s));
        });
        if (a.stanza !== null) this.busyR.get(a.stanza)?.push(span);
      }
      for (const p of a.pazienti) this.count(p, a.tipo, a.d);
    }
  }

  private count(paziente: number, tipo: number, d: number) {
    const p = this.pazienti.get(paziente);
    if (!p || !p.righe.some((r) => r.tipo === tipo) || p.finestre[d] === null || p.assente[d]) return;
    const key = rigaKey(paziente, tipo);
    this.sessions.set(key, (this.sessions.get(key) ?? 0) + 1);
    const days = this.daysOf.get(key) ?? new Set<number>();
    days.add(d);
    this.daysOf.set(key, days);
  }

  missing(paziente: number, r: InputRiga): number {
    return Math.max(0, r.sedute - (this.sessions.get(rigaKey(paziente, r.tipo)) ?? 0));
  }

  /** The utente can have a session of riga `r` on day d at [s, e). */
  patientFits(p: InputPaziente, r: InputRiga, span: DaySpan): boolean {
    const w = p.finestre[span.d];
    if (w === null || p.assente[span.d] || !inside(span, w)) return false;
    if (this.daysOf.get(rigaKey(p.id, r.tipo))?.has(span.d)) return false;
    return !this.busyP.get(p.id)!.some((b) => b.d === span.d && overlaps(b, span));
  }

  /** Operatori who can give type `tipo` then: the profile, a window, free, hours left. */
  operatoriFor(tipo: InputTipo, span: DaySpan): InputOperatore[] {
    const minutes = span.e - span.s;
    return this.input.operatori.filter(
      (o) =>
        (tipo.profilo === null || o.profilo === tipo.profilo) &&
        o.finestre[span.d].some((w) => inside(span, w)) &&
        (o.minutiLiberi === null || (this.used.get(o.id) ?? 0) + minutes <= o.minutiLiberi) &&
        !this.busyO.get(o.id)!.some((b) => b.d === span.d && overlaps(b, span)),
    );
  }

  /** Rooms free then for `tipo` and `size` utenti, the most particular first (fewest types, then smallest). */
  roomsFor(tipo: number, size: number, span: DaySpan): InputStanza[] {
    return this.input.stanze
      .filter(
        (r) =>
          (r.tipi.length === 0 || r.tipi.includes(tipo)) &&
          (r.capienza ?? Infinity) >= size &&
          !this.busyR.get(r.id)!.some((b) => b.d === span.d && overlaps(b, span)),
      )
      .sort((a, b) => (a.tipi.length || 999) - (b.tipi.length || 999) || (a.capienza ?? 99) - (b.capienza ?? 99) || a.id - b.id);
  }

  /** The best operatore among `list` for these utenti: last week's where possible, then the least loaded. */
  pickOperatore(list: InputOperatore[], tipo: number, pazienti: number[]): InputOperatore {
    const prev = new Set(this.input.precedenti.filter((x) => x.tipo === tipo && pazienti.includes(x.paziente)).map((x) => x.terapista));
    const load = (o: InputOperatore) => (this.used.get(o.id) ?? 0) / Math.max(1, o.minutiContratto ?? o.minutiLiberi ?? 2400);
    return [...list].sort((a, b) => Number(prev.has(b.id)) - Number(prev.has(a.id)) || load(a) - load(b) || a.id - b.id)[0];
  }

  add(a: NewActivity) {
    const span = { d: a.d, s: a.s, e: a.e };
    a.pazienti.forEach((p) => this.busyP.get(p)!.push(span));
    this.busyO.get(a.terapista)!.push(span);
    this.used.set(a.terapista, (this.used.get(a.terapista) ?? 0) + (a.e - a.s));
    this.busyR.get(a.stanza)!.push(span);
    for (const p of a.pazienti) this.count(p, a.tipo, a.d);
    this.aggiunte.push(a);
  }

  result(): PlanResult {
    const rimosse = this.input.esistenti.filter((a) => a.rimovibile && !this.kept.has(a.id)).map((a) => a.id);
    return { aggiunte: [...this.aggiunte], rimosse };
  }
}

/** Grid starts of day d for a session of `minutes` within `w`. */
export function startsWithin(input: PlanInput, w: Span, minutes: number): number[] {
  const out: number[] = [];
  const first = input.apertura + Math.ceil(Math.max(0, w.s - input.apertura) / GRID) * GRID;
  for (let s = first; s + minutes <= Math.min(w.e, input.chiusura); s += GRID) out.push(s);
  return out;
}

/**
 * Tries to place one activity concretely (operatore and room chosen here): used by the greedy construction and to
 * make the MIP's choice real. Answers whether it was placed.
 */
export function placeActivity(state: WeekState, tipo: InputTipo, span: DaySpan, pazienti: number[], preferred?: number): boolean {
  if (pazienti.length === 0) return false;
  const ops = state.operatoriFor(tipo, span);
  if (ops.length === 0) return false;
  const rooms = state.roomsFor(tipo.id, pazienti.length, span);
  if (rooms.length === 0) return false;
  const op = ops.find((o) => o.id === preferred) ?? state.pickOperatore(ops, tipo.id, pazienti);
  state.add({ ...span, tipo: tipo.id, pazienti, terapista: op.id, stanza: rooms[0].id });
  return true;
}

/**
 * The greedy construction (the baseline the MIP must beat, and its first solution): group types first, each time the
 * slot that gathers most utenti still missing it; then individual sessions, the scarcest profiles first, each utente's
 * sessions spread over his days, the earliest free slot. Fills `state` further (also used to top up the MIP's answer).
 */
export function greedyFill(state: WeekState, deadline = Infinity): void {
  const input = state.input;
  const supply = new Map<string, number>();
  for (const o of input.operatori) supply.set(o.profilo ?? '', (supply.get(o.profilo ?? '') ?? 0) + (o.minutiLiberi ?? 2400));
  const groupTypes = input.tipi.filter((t) => t.partecipanti > 1);
  for (const tipo of groupTypes) {
    for (;;) {
      if (Date.now() > deadline) return;
      let best: { span: DaySpan; who: number[] } | null = null;
      const minutiSet = new Set(input.pazienti.flatMap((p) => p.righe.filter((r) => r.tipo === tipo.id).map((r) => r.minuti)));
      for (const minuti of minutiSet) {
        for (let d = 0; d < input.giorni.length; d++) {
          for (const s of startsWithin(input, { s: input.apertura, e: input.chiusura }, minuti)) {
            const span = { d, s, e: s + minuti };
            const who = input.pazienti
              .filter((p) =>
                p.righe.some(
                  (r) => r.tipo === tipo.id && r.minuti === minuti && state.missing(p.id, r) > 0 && state.patientFits(p, r, span),
                ),
              )
              .sort((a, b) => fewestDays(state, b, tipo.id) - fewestDays(state, a, tipo.id))
              .map((p) => p.id);
            if (who.length === 0 || (best && who.length <= best.who.length)) continue;
            if (state.operatoriFor(tipo, span).length === 0) continue;
            const rooms = state.roomsFor(tipo.id, 1, span);
            if (rooms.length === 0) continue;
            const cap = Math.min(tipo.partecipanti, Math.max(...rooms.map((r) => r.capienza ?? tipo.partecipanti)));
            best = { span, who: who.slice(0, cap) };
          }
        }
      }
      if (!best || !placeActivity(state, tipo, best.span, best.who)) break;
    }
  }
  const units: { p: InputPaziente; r: InputRiga; tipo: InputTipo }[] = [];
  for (const p of input.pazienti) {
    for (const r of p.righe) {
      const tipo = state.tipi.get(r.tipo);
      if (tipo && tipo.partecipanti === 1) units.push({ p, r, tipo });
    }
  }
  const scarcity = (t: InputTipo) => supply.get(t.profilo ?? '') ?? 0;
  units.sort((a, b) => scarcity(a.tipo) - scarcity(b.tipo) || b.r.sedute - a.r.sedute || a.p.id - b.p.id);
  // Round robin: every riga's first session before anyone's second, so the shortage falls evenly.
  for (let round = 0; round < 10; round++) {
    for (const { p, r, tipo } of units) {
      if (Date.now() > deadline) return;
      if (state.missing(p.id, r) === 0) continue;
      placeOne(state, p, r, tipo);
    }
  }
}

/** Days left on which the utente could still have type `tipo` (fewer first = more urgent). */
function fewestDays(state: WeekState, p: InputPaziente, tipo: number): number {
  const used = state.daysOf.get(rigaKey(p.id, tipo));
  return -p.finestre.filter((w, d) => w !== null && !p.assente[d] && !used?.has(d)).length;
}

function placeOne(state: WeekState, p: InputPaziente, r: InputRiga, tipo: InputTipo): boolean {
  const input = state.input;
  // Days in an order that spreads sessions: the day farthest from those he already has.
  const have = [...(state.daysOf.get(rigaKey(p.id, r.tipo)) ?? [])];
  const days = input.giorni
    .map((_, d) => d)
    .filter((d) => p.finestre[d] !== null && !p.assente[d])
    .sort((a, b) => distance(b, have) - distance(a, have) || a - b);
  for (const d of days) {
    for (const s of startsWithin(input, p.finestre[d]!, r.minuti)) {
      const span = { d, s, e: s + r.minuti };
      if (!state.patientFits(p, r, span)) continue;
      if (placeActivity(state, tipo, span, [p.id])) return true;
    }
  }
  return false;
}

const distance = (d: number, have: number[]) => (have.length === 0 ? 0 : Math.min(...have.map((h) => Math.abs(h - d))));

// ---- Coverage and the reasons of what is missing ----

export interface Coverage {
  required: number;
  covered: number;
}

export function coverageOf(state: WeekState): Coverage {
  let required = 0;
  let covered = 0;
  for (const p of state.input.pazienti) {
    for (const r of p.righe) {
      required += r.sedute * r.minuti;
      covered += Math.min(r.sedute, state.sessions.get(rigaKey(p.id, r.tipo)) ?? 0) * r.minuti;
    }
  }
  return { required, covered };
}

/** "nessun logopedista", "nessuno psicologo". */
function nessun(profilo: Profilo): string {
  const noun = profiloInSentence(profilo);
  return `${/^(s[^aeiou]|z|ps|gn|x|y)/i.test(noun) ? 'nessuno' : 'nessun'} ${noun}`;
}

/**
 * Each riga still short after the proposal, with the first reason that holds, in the order of docs/product.md:
 * no operatore of the profile; none of them available while he is at the centre; their hours used up; no room for the
 * type; absent every day he comes; otherwise his frequenza (no day or hour left that fits).
 */
export function explainMissing(state: WeekState): NonCoperta[] {
  const input = state.input;
  const out: NonCoperta[] = [];
  for (const p of input.pazienti) {
    for (const r of p.righe) {
      const mancano = state.missing(p.id, r);
      if (mancano === 0) continue;
      const tipo = state.tipi.get(r.tipo);
      if (!tipo) continue;
      const ofProfile = input.operatori.filter((o) => tipo.profilo === null || o.profilo === tipo.profilo);
      const presentDays = p.finestre.map((w, d) => (w !== null && !p.assente[d] ? d : -1)).filter((d) => d >= 0);
      const availableWhenThere = (o: InputOperatore) =>
        presentDays.some((d) => o.finestre[d].some((w) => Math.min(w.e, p.finestre[d]!.e) - Math.max(w.s, p.finestre[d]!.s) >= r.minuti));
      const roomFits = input.stanze.some((s) => (s.tipi.length === 0 || s.tipi.includes(tipo.id)) && (s.capienza ?? Infinity) >= 1);
      let motivo: Motivo;
      let perche: string;
      if (ofProfile.length === 0) {
        motivo = 'nessun_profilo';
        perche = `${tipo.profilo ? nessun(tipo.profilo) : 'nessun operatore'} tra gli operatori del centro`;
      } else if (presentDays.length > 0 && !ofProfile.some(availableWhenThere)) {
        motivo = 'disponibilita';
        perche = `${tipo.profilo ? nessun(tipo.profilo) : 'nessun operatore'} è libero quando è al centro`;
      } else if (
        ofProfile.some(availableWhenThere) &&
        ofProfile
          .filter(availableWhenThere)
          .every((o) => o.minutiLiberi !== null && o.minutiLiberi - (state.used.get(o.id) ?? 0) < r.minuti)
      ) {
        motivo = 'ore';
        perche = `gli operatori che potrebbero seguirlo hanno esaurito le ore della settimana`;
      } else if (!roomFits) {
        motivo = 'stanza';
        perche = `nessuna stanza è adatta a ${tipo.nome}`;
      } else if (p.finestre.some((w, d) => w !== null && p.assente[d]) && presentDays.length === 0) {
        motivo = 'assente';
        perche = `è assente nei giorni in cui frequenta il centro`;
      } else {
        motivo = 'frequenza';
        perche = `nei giorni e negli orari in cui frequenta il centro non resta uno spazio libero con operatore e stanza`;
      }
      const sedute = mancano === 1 ? 'Manca 1 seduta' : `Mancano ${mancano} sedute`;
      out.push({ paziente: p.id, tipo: tipo.id, mancano, motivo, spiegazione: `${sedute} di ${tipo.nome} a ${p.nome}: ${perche}` });
    }
  }
  return out;
}

/**
 * Every conflict the proposal would raise, checked on the concrete week (tests and the bench): '' when none. Against
 * each other and against what stays in the week: the runs (their passengers and staff are on board, so an utente's
 * hours run from his andata's arrival to his ritorno's departure), the activities kept and the rooms they hold.
 */
export function checkFeasible(state: WeekState): string {
  const input = state.input;
  const all: { a: NewActivity; span: DaySpan }[] = state.aggiunte.map((a) => ({ a, span: { d: a.d, s: a.s, e: a.e } }));
  const stays = input.esistenti.filter((e) => e.rimovibile && state.kept.has(e.id));
  const busy = (spans: DaySpan[], span: DaySpan) => spans.some((b) => b.d === span.d && overlaps(b, span));
  for (const { a, span } of all) {
    const tipo = state.tipi.get(a.tipo)!;
    const op = state.operatori.get(a.terapista)!;
    if (tipo.profilo !== null && op.profilo !== tipo.profilo) return `profilo ${op.id}`;
    if (!op.finestre[a.d].some((w) => inside(span, w))) return `disponibilita ${op.id}`;
    if (a.pazienti.length > tipo.partecipanti) return `capienza ${a.tipo}`;
    for (const p of a.pazienti) {
      const pz = state.pazienti.get(p)!;
      if (pz.finestre[a.d] === null || pz.assente[a.d] || !inside(span, pz.finestre[a.d]!)) return `paziente fuori orario ${p}`;
    }
    if ((span.s - input.apertura) % GRID !== 0) return 'griglia';
    const room = input.stanze.find((r) => r.id === a.stanza);
    if (!room) return `stanza ${a.stanza}`;
    if (room.tipi.length > 0 && !room.tipi.includes(a.tipo)) return `stanza per altri tipi ${room.id}`;
    if (room.capienza !== null && a.pazienti.length > room.capienza) return `capienza stanza ${room.id}`;
    if (busy(op.occupato, span)) return `terapista già impegnato ${op.id}`;
    for (const p of a.pazienti) if (busy(state.pazienti.get(p)!.occupato, span)) return `paziente già impegnato ${p}`;
    if (busy(room.occupato, span)) return `stanza già occupata ${room.id}`;
    for (const e of stays) {
      if (e.d !== a.d || !overlaps(e, span)) continue;
      if (e.terapisti.includes(a.terapista)) return `terapista già impegnato ${a.terapista}`;
      if (e.stanza === a.stanza) return `stanza già occupata ${a.stanza}`;
      if (e.pazienti.some((p) => a.pazienti.includes(p))) return 'paziente già impegnato';
    }
  }
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      const x = all[i].a;
      const y = all[j].a;
      if (x.d !== y.d || !overlaps(x, y)) continue;
      if (x.terapista === y.terapista) return `terapista ${x.terapista}`;
      if (x.stanza === y.stanza) return `stanza ${x.stanza}`;
      if (x.pazienti.some((p) => y.pazienti.includes(p))) return 'paziente';
    }
  }
  for (const o of input.operatori) if (o.minutiLiberi !== null && (state.used.get(o.id) ?? 0) > o.minutiLiberi) return `ore ${o.id}`;
  return '';
}
