import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findConflicts, type Conflict, type ConflictDay } from './conflicts.ts';
import type { DayActivity, DayTransportRun } from './schemas.ts';

const patient = (id: number) => ({ ID: 1000 + id, RifPaziente: id, Nome: `Nome${id}`, Cognome: `Cognome${id}` });
const therapist = (id: number) => ({ ID: 2000 + id, RifTerapista: id, username: `terapista${id}` });

function activity(
  id: number,
  room: number,
  start: string,
  end: string,
  people: { p?: number[]; t?: number[] } = {},
  run = -1,
): DayActivity {
  return {
    ID: id,
    NomeAttivita: run === -1 ? `Attività ${id}` : 'TRASPORTO',
    RifStanza: run === -1 ? room : -1,
    Data: '2026-11-23',
    Giorno: 1,
    OraInizio: start,
    OraFine: end,
    RifTrasporto: run,
    Pazienti: (people.p ?? []).map(patient),
    Terapisti: (people.t ?? []).map(therapist),
  };
}

function run(id: number, start: string, end: string, people: { p?: number[]; t?: number[] } = {}): DayTransportRun {
  return {
    ID: id,
    Tratta: `Giro ${id}`,
    Ora: start,
    OraArrivo: end,
    RifPulmino: 1,
    Data: '2026-11-23',
    Pazienti: (people.p ?? []).map(patient),
    Terapisti: (people.t ?? []).map(therapist),
  };
}

const names = (id: number) => ['', 'Palestra', 'Logopedia', 'Musicoterapia'][id] ?? `Stanza ${id}`;

describe('findConflicts', () => {
  it('reports a person absent that day wherever they are, before the overlaps, with the reason', () => {
    const sick = { ...therapist(4), Assente: true as const, Motivo: 'malattia' as const };
    const away = { ...patient(3), Assente: true as const, Motivo: 'ferie' as const };
    const day: ConflictDay = {
      attivita: [
        { ...activity(1, 1, '09:00', '10:00'), Terapisti: [sick], Pazienti: [away] },
        activity(2, 2, '09:30', '10:30', { p: [3] }),
      ],
      uscite: [{ ...run(7, '08:00', '08:45'), Terapisti: [sick] }],
    };
    expect(findConflicts(day, names)).toEqual([
      { tipo: 'assente', ID: 3, nome: 'Nome3 Cognome3', persona: 'paziente', motivo: 'ferie', attivita: [1], uscite: [] },
      { tipo: 'assente', ID: 4, nome: 'terapista4', persona: 'terapista', motivo: 'malattia', attivita: [1], uscite: [7] },
      { tipo: 'paziente', ID: 3, nome: 'Nome3 Cognome3', attivita: [1, 2], uscite: [] },
    ]);
  });

  it('finds nothing on a clean day, and touching intervals do not clash', () => {
    const day: ConflictDay = {
      attivita: [activity(1, 1, '09:00', '10:00', { p: [1], t: [1] }), activity(2, 1, '10:00', '11:00', { p: [1], t: [1] })],
      uscite: [run(7, '08:00', '09:00', { p: [1], t: [1] })],
    };
    expect(findConflicts(day, names)).toEqual([]);
  });

  it('reports a therapist in two rooms at once, once, with both activities', () => {
    const day: ConflictDay = {
      attivita: [activity(1, 1, '09:00', '10:00', { t: [4] }), activity(2, 2, '09:30', '10:30', { t: [4] })],
      uscite: [],
    };
    expect(findConflicts(day, names)).toEqual([{ tipo: 'terapista', ID: 4, nome: 'terapista4', attivita: [1, 2], uscite: [] }]);
  });

  it('reports a patient on a run and in an activity that overlap', () => {
    const day: ConflictDay = {
      attivita: [activity(1, 1, '09:00', '10:00', { p: [3] })],
      uscite: [run(5, '08:30', '09:30', { p: [3] })],
    };
    expect(findConflicts(day, names)).toEqual([{ tipo: 'paziente', ID: 3, nome: 'Nome3 Cognome3', attivita: [1], uscite: [5] }]);
  });

  it('never makes a run clash with its own TRASPORTO activity', () => {
    const day: ConflictDay = {
      attivita: [activity(1, -1, '08:30', '09:30', { t: [2] }, 5)],
      uscite: [run(5, '08:30', '09:30', { t: [2], p: [1] })],
    };
    expect(findConflicts(day, names)).toEqual([]);
  });

  it('reports the same person three times over as one conflict with every activity', () => {
    const day: ConflictDay = {
      attivita: [
        activity(1, 1, '09:00', '10:00', { p: [8] }),
        activity(2, 2, '09:00', '10:00', { p: [8] }),
        activity(3, 3, '09:45', '11:00', { p: [8] }),
        activity(4, 3, '11:00', '12:00', { p: [8] }),
      ],
      uscite: [],
    };
    expect(findConflicts(day, names)).toEqual([{ tipo: 'paziente', ID: 8, nome: 'Nome8 Cognome8', attivita: [1, 2, 3], uscite: [] }]);
  });

  it('reports a room holding two overlapping activities', () => {
    const day: ConflictDay = {
      attivita: [activity(1, 2, '09:00', '10:00'), activity(2, 2, '09:30', '10:00'), activity(3, 2, '10:00', '11:00')],
      uscite: [],
    };
    expect(findConflicts(day, names)).toEqual([{ tipo: 'stanza', ID: 2, nome: 'Logopedia', attivita: [1, 2], uscite: [] }]);
  });
});

// ---- Property: the same answer as a plain pairwise check over every two things of the day ----

const time = fc
  .integer({ min: 7 * 4, max: 18 * 4 })
  .map((q) => `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}`);
const interval = fc.tuple(time, time).filter(([a, b]) => a < b);
const people = fc.record({
  p: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
  t: fc.uniqueArray(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }),
});

const randomDay = fc
  .record({
    runs: fc.array(fc.tuple(interval, people, fc.boolean()), { maxLength: 3 }),
    activities: fc.array(fc.tuple(interval, fc.integer({ min: 1, max: 3 }), people), { maxLength: 7 }),
  })
  .map(({ runs, activities }): ConflictDay => {
    const uscite = runs.map(([[s, e], who], i) => run(i + 1, s, e, who));
    const attivita = activities.map(([[s, e], room, who], i) => activity(i + 1, room, s, e, who));
    // Some runs also have their TRASPORTO activity, with the run's times and some of its staff.
    runs.forEach(([[s, e], who, withActivity], i) => {
      if (withActivity) attivita.push(activity(100 + i, -1, s, e, { t: who.t }, i + 1));
    });
    return { attivita, uscite };
  });

interface Thing {
  activity?: DayActivity;
  run?: DayTransportRun;
}

function bruteForce(day: ConflictDay): Conflict[] {
  const things: Thing[] = [...day.attivita.map((activity) => ({ activity })), ...day.uscite.map((run) => ({ run }))];
  const times = (x: Thing) => (x.activity ? [x.activity.OraInizio, x.activity.OraFine] : [x.run!.Ora, x.run!.OraArrivo]);
  const runOf = (x: Thing) => (x.run ? x.run.ID : x.activity!.RifTrasporto);
  const sameThing = (x: Thing, y: Thing) => runOf(x) !== -1 && runOf(x) === runOf(y);
  const holders = (x: Thing) => {
    const list: [string, number, string][] = [];
    const src = x.activity ?? x.run!;
    for (const p of src.Pazienti) list.push(['paziente', p.RifPaziente, `${p.Nome} ${p.Cognome}`]);
    for (const t of src.Terapisti) list.push(['terapista', t.RifTerapista, t.username]);
    if (x.activity && x.activity.RifTrasporto === -1) list.push(['stanza', x.activity.RifStanza, names(x.activity.RifStanza)]);
    return list;
  };
  const found = new Map<string, Conflict>();
  for (let i = 0; i < things.length; i++) {
    for (let j = 0; j < things.length; j++) {
      if (i === j || sameThing(things[i], things[j])) continue;
      const [s1, e1] = times(things[i]);
      const [s2, e2] = times(things[j]);
      if (!(s1 < e2 && s2 < e1)) continue;
      const other = new Set(holders(things[j]).map(([k, id]) => `${k}:${id}`));
      for (const [kind, id, nome] of holders(things[i])) {
        if (!other.has(`${kind}:${id}`)) continue;
        const key = `${kind}:${id}`;
        const c = found.get(key) ?? { tipo: kind as Conflict['tipo'], ID: id, nome, attivita: [], uscite: [] };
        found.set(key, c);
        if (things[i].activity && !c.attivita.includes(things[i].activity!.ID)) c.attivita.push(things[i].activity!.ID);
        if (things[i].run && !c.uscite.includes(things[i].run!.ID)) c.uscite.push(things[i].run!.ID);
      }
    }
  }
  const key = (c: Conflict) => `${c.tipo}:${c.ID}`;
  return [...found.values()]
    .map((c) => ({ ...c, attivita: [...c.attivita].sort((a, b) => a - b), uscite: [...c.uscite].sort((a, b) => a - b) }))
    .sort((a, b) => (key(a) < key(b) ? -1 : 1));
}

describe('findConflicts, property', () => {
  it('equals a brute-force pairwise check on random days', () => {
    fc.assert(
      fc.property(randomDay, (day) => {
        const key = (c: Conflict) => `${c.tipo}:${c.ID}`;
        const actual = findConflicts(day, names).sort((a, b) => (key(a) < key(b) ? -1 : 1));
        expect(actual).toEqual(bruteForce(day));
      }),
      { numRuns: 500 },
    );
  });
});
