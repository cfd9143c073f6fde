/**
 * Synthetic centres for the Pianificatore's bench and tests (pure, deterministic): the demo's shape (its types, rooms
 * and profiles, 40 utenti, 12 operatori, 8 rooms) times `scale`, with plans that need about `load` of the staff's
 * hours, everyone at the centre 09:00–16:00 on the runs (arrival 09:00, departure 15:30), Monday to Friday.
 */
import type { Profilo } from '../../../common/progetti.ts';
import { DEMO_THERAPISTS, DEMO_TYPES } from '../../lib/demo-centre.ts';
import type { InputOperatore, InputPaziente, InputStanza, InputTipo, PlanInput } from './model.ts';

/** The demo's types, but those no profile holds (Pranzo), and its operatori's profiles. */
const TYPES = DEMO_TYPES.flatMap(({ name, profile, participants }) =>
  profile ? [{ nome: name, profilo: profile, partecipanti: participants }] : [],
);
const PROFILES = DEMO_THERAPISTS.map((t) => t.profile);
/** Rooms and the types (indexes of TYPES) they are for; two rooms for anything. */
const ROOMS: { tipi: number[]; capienza: number | null }[] = [
  { tipi: [0, 1], capienza: 8 },
  { tipi: [2, 3], capienza: 4 },
  { tipi: [4], capienza: 6 },
  { tipi: [5], capienza: 8 },
  { tipi: [6, 7], capienza: 10 },
  { tipi: [8], capienza: 2 },
  { tipi: [], capienza: null },
  { tipi: [], capienza: 12 },
];

function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 4_294_967_296;
  };
}

const H = (h: number, m = 0) => h * 60 + m;

export function syntheticCentre(scale: number, options: { load?: number; seed?: number; giorni?: number } = {}): PlanInput {
  const rnd = random(options.seed ?? 42);
  const load = options.load ?? 0.8;
  const days = options.giorni ?? 5;
  const tipi: InputTipo[] = TYPES.map((t, i) => ({ id: i + 1, nome: t.nome, profilo: t.profilo, partecipanti: t.partecipanti }));
  const pazienti: InputPaziente[] = [];
  const demand = new Map<Profilo, number>();
  for (let i = 0; i < 40 * scale; i++) {
    const attends = i % 5 === 4 ? [0, 2, 4] : [0, 1, 2, 3, 4];
    const n = [1, 2, 2, 3, 3, 4][Math.floor(rnd() * 6)];
    const pool = [...tipi];
    const righe = [];
    for (let k = 0; k < n; k++) {
      const t = pool.splice(Math.floor(rnd() * pool.length), 1)[0];
      const sedute = 1 + Math.floor(rnd() * 2);
      const minuti = t.partecipanti === 1 ? 45 : 90;
      righe.push({ tipo: t.id, sedute, minuti });
      const perOperatore = t.partecipanti === 1 ? sedute * minuti : (sedute * minuti) / (t.partecipanti * 0.75);
      demand.set(t.profilo!, (demand.get(t.profilo!) ?? 0) + perOperatore);
    }
    pazienti.push({
      id: i + 1,
      nome: `Utente ${i + 1}`,
      righe,
      finestre: Array.from({ length: days }, (_, d) => (attends.includes(d) ? { s: H(9), e: H(15, 30) } : null)),
      assente: Array.from({ length: days }, () => false),
      occupato: [],
    });
  }
  const profiles = Array.from({ length: 12 * scale }, (_, i) => PROFILES[i % PROFILES.length]);
  const count = (p: Profilo) => profiles.filter((x) => x === p).length;
  const operatori: InputOperatore[] = profiles.map((profilo, i) => {
    const need = (demand.get(profilo) ?? 0) / count(profilo) / load;
    const minuti = Math.min(38 * 60, Math.max(6 * 60, Math.ceil(need / 30) * 30));
    return {
      id: i + 1,
      nome: `operatore.${i + 1}`,
      profilo,
      minutiLiberi: minuti,
      minutiContratto: minuti,
      finestre: Array.from({ length: days }, () => [{ s: H(8), e: H(17) }]),
      occupato: [],
    };
  });
  const stanze: InputStanza[] = Array.from({ length: 8 * scale }, (_, i) => ({
    id: i + 1,
    capienza: ROOMS[i % ROOMS.length].capienza,
    tipi: ROOMS[i % ROOMS.length].tipi.map((k) => k + 1),
    occupato: [],
  }));
  return {
    settimana: '2026-11-30',
    modo: 'completa',
    giorni: ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'].slice(0, days),
    apertura: H(8),
    chiusura: H(17),
    tipi,
    pazienti,
    operatori,
    stanze,
    esistenti: [],
    precedenti: [],
  };
}
