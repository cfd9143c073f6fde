/**
 * The monthly attendance register: patients × days, each cell P, A (with its
 * reason) or nothing, with totals per patient, per day and for the month.
 *
 * A cell is the day's roll-call mark when there is one (it wins over a
 * recorded absence, as in server/db/absence-sql.ts); else a recorded absence
 * covering the day, except on Saturdays, Sundays, public holidays and the
 * centre's closing days: the centre is closed then, nobody is "absent".
 */
import { sql } from 'drizzle-orm';
import { addDays, daysInRange, weekdayOf } from '../../../common/dates.ts';
import { holidayName } from '../../../common/holidays.ts';
import {
  emptyTotals,
  LONG_ABSENCE_DAYS,
  type AbsenceReason,
  type MonthRegister,
  type RegisterCell,
  type RegisterTotals,
} from '../../../common/presenze.ts';
import type { Db } from '../../db/client.ts';
import { readClosingDaysDescribed } from '../../db/closing-days.ts';
import { readCentreSettings } from '../../db/settings.ts';
import { daysOfMonth } from './rules.ts';
import { isoTime } from './roll-call.ts';
import { rowsOf } from '../../db/rows.ts';

export interface RegisterMark {
  patientId: number;
  day: string;
  present: boolean;
  reason: AbsenceReason | null;
  justified: boolean;
}
export interface RegisterAbsence {
  patientId: number;
  start: string;
  end: string;
  reason: AbsenceReason;
  justified: boolean;
}
export interface RegisterInput {
  month: string;
  patients: { ID: number; Nome: string; Cognome: string }[];
  marks: RegisterMark[];
  /** The patients' absences touching the month or within LONG_ABSENCE_DAYS + 1 days of it (for the long-absence chains). */
  absences: RegisterAbsence[];
  closingDays: Map<string, string>;
  /** The centre's patron saint's day, "MM-DD" (a holiday every year), or null. */
  patron: string | null;
  closed: { da: string; il: string } | null;
}

function count(totals: RegisterTotals, cell: RegisterCell) {
  if (cell.stato === 'P') {
    totals.presenti += 1;
    return;
  }
  totals.assenti += 1;
  if (cell.giustificata) totals.giustificate += 1;
  else totals.ingiustificate += 1;
  totals.perMotivo[cell.motivo] += 1;
}

/** Whether the patient's absences, chained when adjacent or overlapping, make a stretch of LONG_ABSENCE_DAYS or more touching the month. */
export function hasLongAbsence(absences: { start: string; end: string }[], monthStart: string, monthEnd: string): boolean {
  const sorted = [...absences].sort((a, b) => a.start.localeCompare(b.start));
  let stretch: { start: string; end: string } | null = null;
  const isLong = (s: { start: string; end: string }) =>
    daysInRange(s.start, s.end) >= LONG_ABSENCE_DAYS && s.start <= monthEnd && s.end >= monthStart;
  for (const a of sorted) {
    if (stretch && a.start <= addDays(stretch.end, 1)) {
      if (a.end > stretch.end) stretch.end = a.end;
      continue;
    }
    if (stretch && isLong(stretch)) return true;
    stretch = { start: a.start, end: a.end };
  }
  return stretch !== null && isLong(stretch);
}

/** The register from its rows: pure, so its rule reads in one place. */
export function buildRegister(input: RegisterInput): MonthRegister {
  const days = daysOfMonth(input.month);
  const [monthStart, monthEnd] = [days[0], days[days.length - 1]];
  const centreClosed = (day: string) =>
    weekdayOf(day) === 0 || weekdayOf(day) === 6 || holidayName(day, input.patron) !== null || input.closingDays.has(day);
  const marks = new Map(input.marks.map((m) => [`${m.patientId}:${m.day}`, m]));
  const absencesOf = new Map<number, RegisterAbsence[]>();
  for (const a of input.absences) absencesOf.set(a.patientId, [...(absencesOf.get(a.patientId) ?? []), a]);

  const perDay = new Map(days.map((d) => [d, { presenti: 0, assenti: 0 }]));
  const monthTotals = emptyTotals();
  const pazienti = input.patients.map((p) => {
    const own = absencesOf.get(p.ID) ?? [];
    const giorni: Record<string, RegisterCell> = {};
    const totali = emptyTotals();
    for (const day of days) {
      const mark = marks.get(`${p.ID}:${day}`);
      let cell: RegisterCell | undefined;
      if (mark) cell = mark.present ? { stato: 'P' } : { stato: 'A', motivo: mark.reason ?? 'altro', giustificata: mark.justified };
      else if (!centreClosed(day)) {
        const absence = own.find((a) => a.start <= day && a.end >= day);
        if (absence) cell = { stato: 'A', motivo: absence.reason, giustificata: absence.justified };
      }
      if (!cell) continue;
      giorni[day] = cell;
      count(totali, cell);
      count(monthTotals, cell);
      const daily = perDay.get(day)!;
      if (cell.stato === 'P') daily.presenti += 1;
      else daily.assenti += 1;
    }
    return { ...p, giorni, totali, assenzaLunga: hasLongAbsence(own, monthStart, monthEnd) };
  });
  return {
    mese: input.month,
    chiuso: input.closed,
    giorni: days.map((data) => ({
      data,
      festivo: holidayName(data, input.patron),
      chiusura: input.closingDays.get(data) ?? null,
      ...perDay.get(data)!,
    })),
    pazienti,
    totali: monthTotals,
  };
}

/**
 * GET /server/presenze/mese: the patients with a mark, a recorded absence or
 * a place in an activity or run in the month (archived ones included: a past
 * month shows who was there), and their rows.
 */
export async function readMonthRegister(db: Db, month: string): Promise<MonthRegister> {
  const days = daysOfMonth(month);
  const [start, end] = [days[0], days[days.length - 1]];
  // Absences as far as a long stretch touching the month can reach back or forward through them.
  const [reachStart, reachEnd] = [addDays(start, -(LONG_ABSENCE_DAYS + 1)), addDays(end, LONG_ABSENCE_DAYS + 1)];
  const patientRows = await rowsOf<{ ID: number; Nome: string; Cognome: string }>(
    db,
    sql`
    with ids as (
      select patient_id from roll_call where day between ${start}::date and ${end}::date
      union select patient_id from absences where patient_id is not null and end_day >= ${start}::date and start_day <= ${end}::date
      union select ap.patient_id from activity_patients ap join activities a on a.id = ap.activity_id
        where a.day between ${start}::date and ${end}::date
      union select tp.patient_id from transport_patients tp join transport_runs r on r.id = tp.run_id
        where r.day between ${start}::date and ${end}::date
    )
    select p.id as "ID", p.first_name as "Nome", p.last_name as "Cognome"
    from patients p where p.id in (select patient_id from ids)
    order by p.last_name, p.first_name, p.id
  `,
  );
  const markRows = await rowsOf<RegisterMark>(
    db,
    sql`
    select patient_id as "patientId", day::text as day, present, reason, justified
    from roll_call where day between ${start}::date and ${end}::date
  `,
  );
  const absenceRows = await rowsOf<RegisterAbsence>(
    db,
    sql`
    select patient_id as "patientId", start_day::text as start, end_day::text as "end", reason, justified
    from absences
    where patient_id is not null and end_day >= ${reachStart}::date and start_day <= ${reachEnd}::date
  `,
  );
  const closingRows = await readClosingDaysDescribed(db, start, end);
  const { patron } = await readCentreSettings(db);
  const [closed] = await rowsOf<{ da: string; il: string }>(
    db,
    sql`
      select coalesce(u.username, '') as da, ${isoTime('cm.closed_at')} as il
      from closed_months cm left join users u on u.id = cm.closed_by where cm.month = ${month}
    `,
  );
  return buildRegister({
    month,
    patients: patientRows.map((p) => ({ ...p, ID: Number(p.ID) })),
    marks: markRows.map((m) => ({ ...m, patientId: Number(m.patientId) })),
    absences: absenceRows.map((a) => ({ ...a, patientId: Number(a.patientId) })),
    closingDays: new Map(closingRows.map((c) => [c.data, c.descrizione])),
    patron,
    closed: closed ?? null,
  });
}
