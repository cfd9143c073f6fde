/**
 * The Pianificatore's input read from the database (model.ts, PlanInput) in one snapshot: the working days of the week
 * (Monday–Friday, Saturday when the setting says so, holidays and closing days left out), the opening hours, the types,
 * the utenti with a progetto covering the week (their righe, frequenza, runs and absences), the operatori (profile,
 * hours left, availability, absences, what they already do), the rooms, the week's activities and runs, last week's
 * operatore of each utente and type. Also the week's day fingerprints, for `applica`.
 */
import { sql } from 'drizzle-orm';
import { addDays, weekdayOf } from '../../../common/dates.ts';
import { holidayName } from '../../../common/holidays.ts';
import type { Modo } from '../../../common/pianificatore.ts';
import type { Finestra, Profilo } from '../../../common/progetti.ts';
import { minutesOf } from '../../../common/schemas.ts';
import { patientAbsenceReason, therapistAbsenceReason } from '../../db/absence-sql.ts';
import { dayFingerprintSql } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { dateArray } from '../../db/date-array.ts';
import { readClosingDays } from '../../db/closing-days.ts';
import { readCentreSettings } from '../../db/settings.ts';
import type { DaySpan, InputEsistente, InputOperatore, InputPaziente, PlanInput, Span } from './model.ts';
import { rowsOf } from '../../db/rows.ts';

interface Doc {
  tipi: { id: number; nome: string; profilo: Profilo | null; partecipanti: number }[];
  progetti: {
    paziente: number;
    nome: string;
    dal: string;
    al: string | null;
    frequenza: Finestra[];
    righe: { tipo: number; sedute: number; minuti: number }[];
  }[];
  assenzeP: { paziente: number; data: string }[];
  corse: { id: number; data: string; partenza: string; arrivo: string; pazienti: number[]; terapisti: number[] }[];
  attivita: {
    id: number;
    data: string;
    inizio: string;
    fine: string;
    tipo: number | null;
    stanza: number | null;
    uscita: number | null;
    pazienti: number[];
    terapisti: number[];
  }[];
  terapisti: { id: number; nome: string; profilo: Profilo | null; minuti: number | null; disponibilita: Finestra[] }[];
  assenzeT: { terapista: number; data: string }[];
  stanze: { id: number; capienza: number | null; tipi: number[] }[];
  precedenti: { paziente: number; tipo: number; terapista: number }[];
  impronte: { data: string; impronta: string }[];
}

export interface ReadInput {
  input: PlanInput;
  /** Each day of the week (Monday–Sunday) and its fingerprint when read. */
  fingerprints: Record<string, string>;
  /** Utenti with a progetto covering the week. */
  withPlans: number;
}

const hhmm = (t: string) => minutesOf(t.slice(0, 5));

export async function readPlanInput(db: Db, monday: string, modo: Modo): Promise<ReadInput> {
  const sunday = addDays(monday, 6);
  const settings = await readCentreSettings(db);
  const closed = new Set(await readClosingDays(db, monday, sunday));
  const lastDay = settings.saturday ? 6 : 5;
  const giorni: string[] = [];
  for (let i = 0; i < lastDay; i++) {
    const day = addDays(monday, i);
    if (holidayName(day, settings.patron) === null && !closed.has(day)) giorni.push(day);
  }
  const days = dateArray([0, 1, 2, 3, 4, 5, 6].map((i) => addDays(monday, i)));
  const result = await rowsOf<{ doc: string }>(
    db,
    sql`
    with plans as (
      select p.* from care_plans p join patients pt on pt.id = p.patient_id
      where not pt.archived and p.start_day <= ${sunday}::date and (p.end_day is null or p.end_day >= ${monday}::date)
    ),
    week_days as (select unnest(${days}) as day)
    select json_build_object(
      'tipi', coalesce((select json_agg(json_build_object('id', id, 'nome', name, 'profilo', profile, 'partecipanti', participants) order by id)
        from activity_types where not archived), '[]'),
      'progetti', coalesce((select json_agg(json_build_object('paziente', p.patient_id, 'nome', pt.first_name || ' ' || pt.last_name,
          'dal', p.start_day::text, 'al', p.end_day::text, 'frequenza', p.attendance,
          'righe', coalesce((select json_agg(json_build_object('tipo', r.type_id, 'sedute', r.sessions, 'minuti', r.minutes) order by r.position, r.type_id)
            from care_plan_rows r join activity_types t on t.id = r.type_id where r.plan_id = p.id and not t.archived), '[]'))
          order by p.patient_id, p.start_day)
        from plans p join patients pt on pt.id = p.patient_id), '[]'),
      'assenzeP', coalesce((select json_agg(json_build_object('paziente', x.patient_id, 'data', x.day::text))
        from (select distinct p.patient_id, w.day from plans p cross join week_days w
              where ${patientAbsenceReason(sql`p.patient_id`, sql`w.day`)} is not null) x), '[]'),
      'corse', coalesce((select json_agg(json_build_object('id', r.id, 'data', r.day::text, 'partenza', r.departure::text, 'arrivo', r.arrival::text,
          'pazienti', array(select patient_id from transport_patients where run_id = r.id),
          'terapisti', array(select therapist_id from transport_therapists where run_id = r.id)))
        from transport_runs r where r.day between ${monday}::date and ${sunday}::date), '[]'),
      'attivita', coalesce((select json_agg(json_build_object('id', a.id, 'data', a.day::text, 'inizio', a.start::text, 'fine', a."end"::text,
          'tipo', a.type_id, 'stanza', a.room_id, 'uscita', a.transport_run_id,
          'pazienti', array(select patient_id from activity_patients where activity_id = a.id),
          'terapisti', array(select therapist_id from activity_therapists where activity_id = a.id)))
        from activities a where a.day between ${monday}::date and ${sunday}::date), '[]'),
      'terapisti', coalesce((select json_agg(json_build_object('id', t.id, 'nome', t.username, 'profilo', t.profile,
          'minuti', t.weekly_minutes, 'disponibilita', t.availability) order by t.id)
        from therapists t where not t.archived), '[]'),
      'assenzeT', coalesce((select json_agg(json_build_object('terapista', t.id, 'data', w.day::text))
        from therapists t cross join week_days w where not t.archived and ${therapistAbsenceReason(sql`t.id`, sql`w.day`)} is not null), '[]'),
      'stanze', coalesce((select json_agg(json_build_object('id', id, 'capienza', capacity, 'tipi', type_ids) order by position, id)
        from rooms where not archived), '[]'),
      'precedenti', coalesce((select json_agg(json_build_object('paziente', x.patient_id, 'tipo', x.type_id, 'terapista', x.therapist_id))
        from (select distinct on (ap.patient_id, a.type_id) ap.patient_id, a.type_id, at.therapist_id
              from activities a join activity_patients ap on ap.activity_id = a.id join activity_therapists at on at.activity_id = a.id
              where a.day between ${addDays(monday, -7)}::date and ${addDays(monday, -1)}::date and a.type_id is not null
              group by ap.patient_id, a.type_id, at.therapist_id
              order by ap.patient_id, a.type_id, count(*) desc, at.therapist_id) x), '[]'),
      'impronte', (select json_agg(json_build_object('data', w.day::text, 'impronta', ${dayFingerprintSql(sql`w.day`)}) order by w.day) from week_days w)
    )::text as doc`,
  );
  const doc = JSON.parse(result[0].doc) as Doc;
  const dayIndex = new Map(giorni.map((g, i) => [g, i]));
  const apertura = minutesOf(settings.opening);
  const chiusura = minutesOf(settings.closing);
  const clip = (s: Span): Span | null => {
    const out = { s: Math.max(s.s, apertura), e: Math.min(s.e, chiusura) };
    return out.e > out.s ? out : null;
  };

  // What stays: every run, every activity without a type or on a run; in `completa` every activity.
  // Only on the days it plans: an activity of a closed day or a Sunday stays whatever the mode.
  const removable = (a: Doc['attivita'][number]) => modo === 'rifai' && a.tipo !== null && a.uscita === null && dayIndex.has(a.data);
  const busyP = new Map<number, DaySpan[]>();
  const busyT = new Map<number, DaySpan[]>();
  const busyR = new Map<number, DaySpan[]>();
  const usedT = new Map<number, number>();
  const push = (m: Map<number, DaySpan[]>, id: number, span: DaySpan) => m.set(id, [...(m.get(id) ?? []), span]);
  const esistenti: InputEsistente[] = [];
  for (const a of doc.attivita) {
    const minutes = hhmm(a.fine) - hhmm(a.inizio);
    const d = dayIndex.get(a.data);
    if (!removable(a)) for (const t of a.terapisti) usedT.set(t, (usedT.get(t) ?? 0) + minutes);
    if (d === undefined) continue;
    const span = { d, s: hhmm(a.inizio), e: hhmm(a.fine) };
    if (a.tipo !== null) {
      esistenti.push({
        id: a.id,
        d,
        s: span.s,
        e: span.e,
        tipo: a.tipo,
        stanza: a.stanza,
        pazienti: a.pazienti,
        terapisti: a.terapisti,
        rimovibile: removable(a),
      });
    }
    if (removable(a)) continue;
    a.pazienti.forEach((p) => push(busyP, p, span));
    a.terapisti.forEach((t) => push(busyT, t, span));
    if (a.stanza !== null) push(busyR, a.stanza, span);
  }
  // Runs: people busy while on board; an utente is at the centre from his andata's arrival to his ritorno's departure.
  const arrives = new Map<string, number>();
  const leaves = new Map<string, number>();
  for (const r of doc.corse) {
    const d = dayIndex.get(r.data);
    if (d === undefined) continue;
    const span = { d, s: hhmm(r.partenza), e: hhmm(r.arrivo) };
    r.terapisti.forEach((t) => push(busyT, t, span));
    for (const p of r.pazienti) {
      push(busyP, p, span);
      const key = `${p}|${d}`;
      if (span.e <= 12 * 60) arrives.set(key, Math.max(arrives.get(key) ?? 0, span.e));
      else if (span.s >= 12 * 60) leaves.set(key, Math.min(leaves.get(key) ?? 24 * 60, span.s));
    }
  }
  const absentP = new Set(doc.assenzeP.map((a) => `${a.paziente}|${a.data}`));
  const absentT = new Set(doc.assenzeT.map((a) => `${a.terapista}|${a.data}`));
  // One utente, one entry: two progetti in one week (one ends, the next starts) give each day its own.
  const pazienti = new Map<number, InputPaziente>();
  for (const p of doc.progetti) {
    let entry = pazienti.get(p.paziente);
    if (!entry) {
      entry = {
        id: p.paziente,
        nome: p.nome,
        righe: [],
        finestre: giorni.map(() => null),
        assente: giorni.map(() => false),
        occupato: busyP.get(p.paziente) ?? [],
      };
      pazienti.set(p.paziente, entry);
    }
    // The later progetto's riga wins (as Copertura counts it).
    for (const r of p.righe) {
      const i = entry.righe.findIndex((x) => x.tipo === r.tipo);
      if (i >= 0) entry.righe[i] = r;
      else entry.righe.push(r);
    }
    giorni.forEach((day, d) => {
      if (day < p.dal || (p.al !== null && day > p.al)) return;
      const w = p.frequenza.find((f) => f.giorno === weekdayOf(day));
      if (!w) return;
      const key = `${p.paziente}|${d}`;
      const span = clip({
        s: Math.max(minutesOf(w.dalle), arrives.get(key) ?? 0),
        e: Math.min(minutesOf(w.alle), leaves.get(key) ?? 24 * 60),
      });
      entry.finestre[d] = span;
      entry.assente[d] = span !== null && absentP.has(`${p.paziente}|${day}`);
    });
  }
  const operatori: InputOperatore[] = doc.terapisti.map((t) => ({
    id: t.id,
    nome: t.nome,
    profilo: t.profilo,
    minutiContratto: t.minuti,
    minutiLiberi: t.minuti === null ? null : Math.max(0, t.minuti - (usedT.get(t.id) ?? 0)),
    finestre: giorni.map((day) => {
      if (absentT.has(`${t.id}|${day}`)) return [];
      const windows =
        t.disponibilita.length === 0
          ? [{ s: apertura, e: chiusura }]
          : t.disponibilita.filter((w) => w.giorno === weekdayOf(day)).map((w) => ({ s: minutesOf(w.dalle), e: minutesOf(w.alle) }));
      return windows.map(clip).filter((w): w is Span => w !== null);
    }),
    occupato: busyT.get(t.id) ?? [],
  }));
  const input: PlanInput = {
    settimana: monday,
    modo,
    giorni,
    apertura,
    chiusura,
    tipi: doc.tipi,
    pazienti: [...pazienti.values()].filter((p) => p.righe.length > 0),
    operatori,
    stanze: doc.stanze.map((r) => ({ ...r, occupato: busyR.get(r.id) ?? [] })),
    esistenti,
    precedenti: doc.precedenti,
  };
  return {
    input,
    fingerprints: Object.fromEntries(doc.impronte.map((i) => [i.data, i.impronta])),
    withPlans: input.pazienti.length,
  };
}
