/**
 * What the flows count (issue 32; docs/product.md, Rendicontazione; docs/decisions/0041-flussi-siar-sism.md), straight
 * from the roll call, the plan and the minibus runs:
 * - a day of attendance is a day the roll call marked the utente present (activities alone do not count: the check
 *   lists those days as "giorni senza appello");
 * - a day lasts from his first activity's start, or his andata's arrival, to his last activity's end, or his
 *   ritorno's departure (the earliest of the starts and arrivals, the latest of the ends and departures);
 * - a professional category's hours are, for every activity of the period up to today with at least one of its utenti
 *   present, its length for each operatore on it not absent that day, summed per profile and rounded half up; an
 *   operatore without a profile is listed and counted nowhere.
 * Every query is bounded by the period (a month, a semester or a year at most).
 */
import { sql } from 'drizzle-orm';
import {
  modalitaOf,
  tenthsOfHours,
  wholeHours,
  type AslAccount,
  type Avviso,
  type Controllo,
  type Flusso,
  type Mancante,
  type Periodo,
} from '../../../common/flussi.ts';
import type { Profilo } from '../../../common/progetti.ts';
import type { Db } from '../../db/client.ts';
import { readCentreSettings, type CentreSettings } from '../../db/settings.ts';
import { rowsOf } from '../../db/rows.ts';

/** The period up to today: nothing after today counts (a future day has no roll call, nor hours delivered). */
export const upToToday = (p: Periodo, today: string): Periodo => ({ dal: p.dal, al: p.al < today ? p.al : today });

interface Mark {
  day: string;
  patientId: number;
  present: boolean;
  justified: boolean;
}

export interface Attendance {
  marks: Mark[];
  /** Minutes of the utente's day (patientId|day); 0 when he had neither activities nor runs. */
  minutes: Map<string, number>;
}

const minutesOfTime = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
export const dayKey = (patientId: number, day: string) => `${patientId}|${day}`;

export async function readAttendance(db: Db, p: Periodo): Promise<Attendance> {
  if (p.al < p.dal) return { marks: [], minutes: new Map() };
  const marks = (
    await rowsOf<{ day: string; patient_id: number; present: boolean; justified: boolean }>(
      db,
      sql`select day::text as day, patient_id, present, justified from roll_call where day between ${p.dal} and ${p.al} order by day, patient_id`,
    )
  ).map((r) => ({ day: r.day, patientId: Number(r.patient_id), present: r.present, justified: r.justified }));
  // Each utente's day: his activities (the runs' own TRASPORTO rows aside) and his runs.
  const spans = await rowsOf<{ patient_id: number; day: string; first_at: string; last_at: string }>(
    db,
    sql`select patient_id, day, min(first_at)::text as first_at, max(last_at)::text as last_at from (
          select ap.patient_id, a.day::text as day, a.start as first_at, a."end" as last_at
            from activity_patients ap join activities a on a.id = ap.activity_id
           where a.day between ${p.dal} and ${p.al} and a.transport_run_id is null
          union all
          select tp.patient_id, r.day::text as day, r.arrival as first_at, r.departure as last_at
            from transport_patients tp join transport_runs r on r.id = tp.run_id
           where r.day between ${p.dal} and ${p.al}
        ) s group by patient_id, day`,
  );
  const minutes = new Map<string, number>();
  for (const s of spans)
    minutes.set(dayKey(Number(s.patient_id), s.day), Math.max(0, minutesOfTime(s.last_at) - minutesOfTime(s.first_at)));
  return { marks, minutes };
}

export interface PatientRow {
  id: number;
  nome: string;
  lastName: string;
  firstName: string;
  codiceFiscale: string | null;
  aslResidenza: string | null;
  idRegionale: string | null;
  idContatto: string | null;
}

export async function readPatients(db: Db, ids: number[]): Promise<Map<number, PatientRow>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<{
    id: number;
    first_name: string;
    last_name: string;
    codice_fiscale: string | null;
    asl_residenza: string | null;
    id_regionale: string | null;
    id_contatto: string | null;
  }>(
    db,
    sql`select id, first_name, last_name, codice_fiscale, asl_residenza, id_regionale, id_contatto from patients
         where id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        nome: `${r.first_name} ${r.last_name}`.trim(),
        firstName: r.first_name,
        lastName: r.last_name,
        codiceFiscale: r.codice_fiscale,
        aslResidenza: r.asl_residenza,
        idRegionale: r.id_regionale,
        idContatto: r.id_contatto,
      },
    ]),
  );
}

const byName = (a: PatientRow, b: PatientRow) =>
  a.lastName.localeCompare(b.lastName, 'it') || a.firstName.localeCompare(b.firstName, 'it') || a.id - b.id;

/** Days with activities of a utente who has no roll-call mark that day (not counted). */
export async function daysWithoutRollCall(db: Db, p: Periodo): Promise<string[]> {
  if (p.al < p.dal) return [];
  const rows = await rowsOf<{ day: string }>(
    db,
    sql`select distinct a.day::text as day from activities a join activity_patients ap on ap.activity_id = a.id
         where a.day between ${p.dal} and ${p.al} and a.transport_run_id is null
           and not exists (select 1 from roll_call rc where rc.day = a.day and rc.patient_id = ap.patient_id)
         order by 1`,
  );
  return rows.map((r) => r.day);
}

export interface OperatoreMinutes {
  id: number;
  nome: string;
  profile: Profilo | null;
  minutes: number;
}

/** Minutes each operatore delivered in the period: activities with a utente present, the operatore not absent that day. */
export async function deliveredMinutes(db: Db, p: Periodo): Promise<OperatoreMinutes[]> {
  if (p.al < p.dal) return [];
  const rows = await rowsOf<{
    id: number;
    username: string;
    first_name: string;
    last_name: string;
    profile: Profilo | null;
    minutes: number;
  }>(
    db,
    sql`select t.id, t.username, t.first_name, t.last_name, t.profile,
               (sum(extract(epoch from (a."end" - a.start))) / 60)::int as minutes
          from activities a
          join activity_therapists att on att.activity_id = a.id
          join therapists t on t.id = att.therapist_id
         where a.day between ${p.dal} and ${p.al}
           and exists (select 1 from activity_patients ap join roll_call rc on rc.patient_id = ap.patient_id and rc.day = a.day
                        where ap.activity_id = a.id and rc.present)
           and not exists (select 1 from absences ab where ab.therapist_id = t.id and a.day between ab.start_day and ab.end_day)
         group by t.id, t.username, t.first_name, t.last_name, t.profile
         order by t.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    nome: `${r.first_name} ${r.last_name}`.trim() || r.username,
    profile: r.profile,
    minutes: Number(r.minutes),
  }));
}

/** Hours per profile, rounded half up per profile; the operatori without a profile apart. */
export function hoursPerProfile(operatori: OperatoreMinutes[]) {
  const minutes = new Map<Profilo, number>();
  for (const o of operatori) if (o.profile !== null) minutes.set(o.profile, (minutes.get(o.profile) ?? 0) + o.minutes);
  const ore = new Map<Profilo, number>();
  for (const [profile, m] of minutes) ore.set(profile, wholeHours(m));
  return { ore, senzaProfilo: operatori.filter((o) => o.profile === null && o.minutes > 0).map((o) => ({ ID: o.id, nome: o.nome })) };
}

type SettingKey = 'regione' | 'asl' | 'struttura' | 'dsm' | 'tipoStrutturaSism';
const SETTINGS_OF: Record<Flusso, SettingKey[]> = {
  asl: ['regione', 'asl', 'struttura'],
  siar_oreprof: ['regione', 'asl', 'struttura'],
  sism_pss: ['regione', 'struttura', 'dsm', 'tipoStrutturaSism'],
};
type PatientKey = 'codiceFiscale' | 'aslResidenza' | 'idRegionale' | 'idContatto';
const PATIENT_FIELDS: Record<Flusso, [PatientKey, string][]> = {
  asl: [
    ['codiceFiscale', 'CodiceFiscale'],
    ['aslResidenza', 'AslResidenza'],
  ],
  siar_oreprof: [],
  sism_pss: [
    ['aslResidenza', 'AslResidenza'],
    ['idRegionale', 'IdRegionale'],
    ['idContatto', 'IdContatto'],
  ],
};

export interface FlowState {
  controllo: Controllo;
  settings: CentreSettings;
  attendance: Attendance;
  patients: Map<number, PatientRow>;
  /** The utenti the flow names (their ids), for the access log. */
  named: number[];
}

/**
 * The check of a flow over a period (already up to today): what is missing and the warnings. The utenti it looks at:
 * for the ASL every utente with a roll-call mark in the month, for SISM every utente present at least once.
 */
export async function checkFlow(db: Db, flusso: Flusso, period: Periodo): Promise<FlowState> {
  const settings = await readCentreSettings(db);
  const attendance = await readAttendance(db, period);
  const ids = [...new Set(attendance.marks.filter((m) => flusso === 'asl' || m.present).map((m) => m.patientId))];
  const patients = flusso === 'siar_oreprof' ? new Map<number, PatientRow>() : await readPatients(db, ids);
  const mancanti: Mancante[] = SETTINGS_OF[flusso].filter((k) => settings[k] === null).map((campo) => ({ cosa: 'impostazioni', campo }));
  for (const p of [...patients.values()].sort(byName)) {
    for (const [key, campo] of PATIENT_FIELDS[flusso])
      if (p[key] === null) mancanti.push({ cosa: 'paziente', ID: p.id, nome: p.nome, campo });
  }
  if (flusso === 'sism_pss' && !attendance.marks.some((m) => m.present)) mancanti.push({ cosa: 'periodo', campo: 'presenze' });
  const avvisi: Avviso[] = [];
  const senzaAppello = await daysWithoutRollCall(db, period);
  if (senzaAppello.length > 0) avvisi.push({ cosa: 'giorni_senza_appello', date: senzaAppello });
  if (flusso === 'siar_oreprof') {
    const { senzaProfilo } = hoursPerProfile(await deliveredMinutes(db, period));
    if (senzaProfilo.length > 0) avvisi.push({ cosa: 'operatori_senza_profilo', operatori: senzaProfilo });
  }
  const named = mancanti.flatMap((m) => (m.ID === undefined ? [] : [m.ID]));
  return { controllo: { pronto: mancanti.length === 0, mancanti, avvisi }, settings, attendance, patients, named };
}

/** The month's account for each ASL: the utenti with a roll-call mark, grouped by their ASL of residence. */
export function aslAccount(mese: string, state: FlowState): AslAccount {
  const { attendance, patients } = state;
  const per = new Map<number, { date: string[]; oltre: number; minutes: number; giust: number; nonGiust: number }>();
  for (const m of attendance.marks) {
    const entry = per.get(m.patientId) ?? { date: [], oltre: 0, minutes: 0, giust: 0, nonGiust: 0 };
    per.set(m.patientId, entry);
    if (m.present) {
      const minutes = attendance.minutes.get(dayKey(m.patientId, m.day)) ?? 0;
      entry.date.push(m.day);
      entry.minutes += minutes;
      if (modalitaOf(minutes) === '2') entry.oltre += 1;
    } else if (m.justified) entry.giust += 1;
    else entry.nonGiust += 1;
  }
  const groups = new Map<string, PatientRow[]>();
  for (const id of per.keys()) {
    const p = patients.get(id);
    if (!p) continue;
    const asl = p.aslResidenza ?? '';
    groups.set(asl, [...(groups.get(asl) ?? []), p]);
  }
  return {
    mese,
    asl: [...groups.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([asl, list]) => {
        const utenti = list.sort(byName).map((p) => {
          const e = per.get(p.id)!;
          return {
            paziente: p.id,
            nome: p.nome,
            CodiceFiscale: p.codiceFiscale ?? '',
            date: e.date,
            giorni: e.date.length,
            giorniOltre4Ore: e.oltre,
            ore: tenthsOfHours(e.minutes),
            assenzeGiustificate: e.giust,
            assenzeNonGiustificate: e.nonGiust,
          };
        });
        const minutes = list.reduce((s, p) => s + per.get(p.id)!.minutes, 0);
        return {
          asl,
          utenti,
          totali: {
            giorni: utenti.reduce((s, u) => s + u.giorni, 0),
            giorniOltre4Ore: utenti.reduce((s, u) => s + u.giorniOltre4Ore, 0),
            ore: tenthsOfHours(minutes),
            assenzeGiustificate: utenti.reduce((s, u) => s + u.assenzeGiustificate, 0),
            assenzeNonGiustificate: utenti.reduce((s, u) => s + u.assenzeNonGiustificate, 0),
          },
        };
      }),
  };
}

export interface PssRow {
  patient: PatientRow;
  day: string;
  modalita: '1' | '2';
}

/** One row per utente per day of attendance, by ASL, utente and day. */
export function pssRows(state: FlowState): PssRow[] {
  const rows: PssRow[] = [];
  for (const m of state.attendance.marks) {
    if (!m.present) continue;
    const patient = state.patients.get(m.patientId);
    if (!patient) continue;
    rows.push({ patient, day: m.day, modalita: modalitaOf(state.attendance.minutes.get(dayKey(m.patientId, m.day)) ?? 0) });
  }
  return rows.sort(
    (a, b) =>
      (a.patient.aslResidenza ?? '').localeCompare(b.patient.aslResidenza ?? '') ||
      byName(a.patient, b.patient) ||
      a.day.localeCompare(b.day),
  );
}
