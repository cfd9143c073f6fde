/**
 * The solver on random small centres (fast-check, 30 runs): whatever the centre, the proposal raises no conflict
 * (nobody in two places, rooms once, profiles, availability, the utente's hours, capacity, contracted hours, and none
 * with what stays in the week: the minibus runs with their passengers and staff on board, the rooms already taken) and
 * never covers more than its proven bound, nor less than the greedy baseline.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Profilo } from '../../../common/progetti.ts';
import { solveWeek } from './mip.ts';
import { checkFeasible, type PlanInput } from './model.ts';

const PROFILES: Profilo[] = ['logopedista', 'fisioterapista', 'psicologo'];
const TYPES = [
  { id: 1, nome: 'Logopedia individuale', profilo: 'logopedista' as Profilo, partecipanti: 1 },
  { id: 2, nome: 'Fisioterapia individuale', profilo: 'fisioterapista' as Profilo, partecipanti: 1 },
  { id: 3, nome: 'Motoria di gruppo', profilo: 'fisioterapista' as Profilo, partecipanti: 3 },
  { id: 4, nome: 'Colloquio psicologico', profilo: 'psicologo' as Profilo, partecipanti: 1 },
];
const DAYS = 3;

const span = fc.record({ from: fc.integer({ min: 0, max: 12 }), len: fc.integer({ min: 4, max: 28 }) }).map(({ from, len }) => ({
  s: 8 * 60 + from * 15,
  e: Math.min(17 * 60, 8 * 60 + (from + len) * 15),
}));
const patientArb = fc.record({
  righe: fc.uniqueArray(
    fc.record({ tipo: fc.integer({ min: 1, max: 4 }), sedute: fc.integer({ min: 1, max: 3 }), minuti: fc.constantFrom(30, 45, 60) }),
    { minLength: 1, maxLength: 3, selector: (r) => r.tipo },
  ),
  finestre: fc.array(fc.option(span, { nil: null }), { minLength: DAYS, maxLength: DAYS }),
  assente: fc.array(fc.boolean(), { minLength: DAYS, maxLength: DAYS }),
});
const operatoreArb = fc.record({
  profilo: fc.constantFrom(...PROFILES),
  ore: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
  finestre: fc.array(fc.array(span, { maxLength: 2 }), { minLength: DAYS, maxLength: DAYS }),
});
const roomArb = fc.record({
  capienza: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  tipi: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 2 }),
});

/** A minibus run (or any activity that stays): a day, 30 to 90 minutes, some utenti and operatori on board, by index. */
const runArb = fc.record({
  d: fc.integer({ min: 0, max: DAYS - 1 }),
  from: fc.integer({ min: 0, max: 30 }),
  len: fc.integer({ min: 2, max: 6 }),
  riders: fc.uniqueArray(fc.nat({ max: 4 }), { maxLength: 3 }),
  staff: fc.uniqueArray(fc.nat({ max: 2 }), { maxLength: 2 }),
});
const spanOf = (r: { d: number; from: number; len: number }) => ({ d: r.d, s: 8 * 60 + r.from * 15, e: 8 * 60 + (r.from + r.len) * 15 });
const on = (runs: { d: number; from: number; len: number; riders: number[]; staff: number[] }[], who: 'riders' | 'staff', i: number) =>
  runs.filter((r) => r[who].includes(i)).map(spanOf);

const centreArb = fc
  .record({
    pazienti: fc.array(patientArb, { minLength: 1, maxLength: 5 }),
    operatori: fc.array(operatoreArb, { minLength: 1, maxLength: 3 }),
    stanze: fc.array(roomArb, { minLength: 1, maxLength: 3 }),
    corse: fc.array(runArb, { maxLength: 4 }),
    stanzeOccupate: fc.array(
      fc.record({
        room: fc.nat({ max: 2 }),
        d: fc.integer({ min: 0, max: DAYS - 1 }),
        from: fc.integer({ min: 0, max: 30 }),
        len: fc.integer({ min: 4, max: 16 }),
      }),
      { minLength: 1, maxLength: 5 },
    ),
  })
  .map(({ pazienti, operatori, stanze, corse, stanzeOccupate }): PlanInput => ({
    settimana: '2026-11-30',
    modo: 'completa',
    giorni: ['2026-11-30', '2026-12-01', '2026-12-02'],
    apertura: 8 * 60,
    chiusura: 17 * 60,
    tipi: TYPES,
    pazienti: pazienti.map((p, i) => ({
      id: i + 1,
      nome: `Utente ${i + 1}`,
      righe: p.righe,
      finestre: p.finestre,
      assente: p.assente.map((a, d) => a && p.finestre[d] !== null),
      occupato: on(corse, 'riders', i),
    })),
    operatori: operatori.map((o, i) => {
      // Windows of a day must not overlap: keep the first and any that starts after it ends.
      const finestre = o.finestre.map((ws) => [...ws].sort((a, b) => a.s - b.s).filter((w, k, all) => k === 0 || w.s >= all[0].e));
      return {
        id: i + 1,
        nome: `op${i + 1}`,
        profilo: o.profilo,
        minutiLiberi: o.ore === null ? null : o.ore * 60,
        minutiContratto: o.ore === null ? null : o.ore * 60,
        finestre,
        occupato: on(corse, 'staff', i),
      };
    }),
    stanze: stanze.map((r, i) => ({
      id: i + 1,
      capienza: r.capienza,
      tipi: r.tipi,
      occupato: stanzeOccupate.filter((x) => x.room === i).map(spanOf),
    })),
    esistenti: [],
    precedenti: [],
  }));

describe('pianificatore: random small centres', () => {
  it('every proposal is conflict-free and within its bound', async () => {
    await fc.assert(
      fc.asyncProperty(centreArb, async (input) => {
        const out = await solveWeek(input, { secondi: 2 });
        expect(checkFeasible(out.state)).toBe('');
        expect(out.covered).toBeLessThanOrEqual(out.bound);
        expect(out.covered).toBeGreaterThanOrEqual(out.greedyCovered);
        expect(out.bound).toBeLessThanOrEqual(out.required);
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});

describe('pianificatore: the reasons of what is not covered', () => {
  const base = (): PlanInput => ({
    settimana: '2026-11-30',
    modo: 'completa',
    giorni: ['2026-11-30', '2026-12-01'],
    apertura: 8 * 60,
    chiusura: 17 * 60,
    tipi: TYPES,
    pazienti: [
      {
        id: 1,
        nome: 'Mario Rossi',
        righe: [{ tipo: 1, sedute: 2, minuti: 45 }],
        finestre: [
          { s: 9 * 60, e: 16 * 60 },
          { s: 9 * 60, e: 16 * 60 },
        ],
        assente: [false, false],
        occupato: [],
      },
    ],
    operatori: [
      {
        id: 1,
        nome: 'paola.neri',
        profilo: 'logopedista',
        minutiLiberi: 600,
        minutiContratto: 600,
        finestre: [[{ s: 8 * 60, e: 17 * 60 }], [{ s: 8 * 60, e: 17 * 60 }]],
        occupato: [],
      },
    ],
    stanze: [{ id: 1, capienza: null, tipi: [], occupato: [] }],
    esistenti: [],
    precedenti: [],
  });
  const reasons = async (input: PlanInput) => {
    const out = await solveWeek(input, { secondi: 2 });
    return { out, missing: (await import('./model.ts')).explainMissing(out.state) };
  };

  it('covers all when it can', async () => {
    const { out, missing } = await reasons(base());
    expect(missing).toEqual([]);
    expect(out.covered).toBe(90);
    expect(out.bound).toBe(90);
  });
  it('disponibilita: the logopedista only before he arrives', async () => {
    const input = base();
    input.operatori[0].finestre = [[{ s: 8 * 60, e: 9 * 60 }], []];
    const { missing } = await reasons(input);
    expect(missing.map((m) => [m.motivo, m.mancano])).toEqual([['disponibilita', 2]]);
    expect(missing[0].spiegazione).toBe(
      'Mancano 2 sedute di Logopedia individuale a Mario Rossi: nessun logopedista è libero quando è al centro',
    );
  });
  it('ore: her hours allow one session', async () => {
    const input = base();
    input.operatori[0].minutiLiberi = 60;
    const { missing, out } = await reasons(input);
    expect(missing.map((m) => [m.motivo, m.mancano])).toEqual([['ore', 1]]);
    expect(out.bound).toBe(45);
  });
  it('stanza: the only room is for another type', async () => {
    const input = base();
    input.stanze[0].tipi = [2];
    const { missing, out } = await reasons(input);
    expect(missing.map((m) => m.motivo)).toEqual(['stanza']);
    expect(out.bound).toBe(0);
  });
  it('frequenza: he comes one day, one session a day', async () => {
    const input = base();
    input.pazienti[0].finestre[1] = null;
    const { missing } = await reasons(input);
    expect(missing.map((m) => [m.motivo, m.mancano])).toEqual([['frequenza', 1]]);
  });
  it('rifai keeps a good activity and removes none; continuity picks last week’s operatore', async () => {
    const input = base();
    input.modo = 'rifai';
    input.operatori.push({ ...input.operatori[0], id: 2, nome: 'silvia.gatti' });
    input.precedenti = [{ paziente: 1, tipo: 1, terapista: 2 }];
    input.esistenti = [{ id: 58, d: 0, s: 10 * 60, e: 10 * 60 + 45, tipo: 1, stanza: 1, pazienti: [1], terapisti: [2], rimovibile: true }];
    const out = await solveWeek(input, { secondi: 2 });
    expect(out.state.result().rimosse).toEqual([]);
    expect(out.state.result().aggiunte).toMatchObject([{ d: 1, terapista: 2 }]);
    expect(out.covered).toBe(90);
  });
});
