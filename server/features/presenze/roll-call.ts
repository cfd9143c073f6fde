/**
 * The daily roll call (appello): the patients expected on a day with their
 * marks, read by any signed-in user; a mark made by the staff (an
 * administrator, or an account linked to an operatore: the route's guard)
 * for today, by an administrator for a past day, never for a future one.
 */
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { todayInRome } from '../../../common/dates.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import { MSG } from '../../../common/messages.ts';
import {
  PRESENZE_MSG as M,
  type AbsenceReason,
  type RollCallAllAnswer,
  type rollCallAllSchema,
  type RollCallDay,
  type rollCallSchema,
} from '../../../common/presenze.ts';
import { appendAudit, intArray, patientJson } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { patients, rollCall } from '../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../lib/http-error.ts';
import { guardClosedMonths, type Writer } from './rules.ts';
import { rowsOf } from '../../db/rows.ts';

interface RollCallDbRow {
  ID: number;
  Nome: string;
  Cognome: string;
  present: boolean | null;
  reason: AbsenceReason | null;
  justified: boolean | null;
  segnatoDa: string | null;
  segnatoIl: string | null;
  absenceId: number | null;
  absenceReason: AbsenceReason | null;
  absenceJustified: boolean | null;
}

/** ISO time in UTC with milliseconds, the same text on both drivers. */
export const isoTime = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * Expected: in at least one activity or minibus run of the day, or already
 * marked that day. `assenza` is the recorded absence covering the day.
 */
export async function readRollCall(db: Db, day: string, canMark: boolean): Promise<RollCallDay> {
  const result = await rowsOf<RollCallDbRow>(
    db,
    sql`
    with expected as (
      select ap.patient_id from activity_patients ap join activities a on a.id = ap.activity_id where a.day = ${day}::date
      union select tp.patient_id from transport_patients tp join transport_runs r on r.id = tp.run_id where r.day = ${day}::date
      union select rc.patient_id from roll_call rc where rc.day = ${day}::date
    )
    select p.id as "ID", p.first_name as "Nome", p.last_name as "Cognome",
           rc.present, rc.reason, rc.justified, u.username as "segnatoDa", ${isoTime('rc.marked_at')} as "segnatoIl",
           ab.id as "absenceId", ab.reason as "absenceReason", ab.justified as "absenceJustified"
    from expected e
    join patients p on p.id = e.patient_id
    left join roll_call rc on rc.day = ${day}::date and rc.patient_id = p.id
    left join users u on u.id = rc.marked_by
    left join lateral (
      select id, reason, justified from absences
      where patient_id = p.id and end_day >= ${day}::date and start_day <= ${day}::date limit 1
    ) ab on true
    order by p.last_name, p.first_name, p.id
  `,
  );
  const [closed] = await rowsOf(db, sql`select 1 as closed from closed_months where month = ${day.slice(0, 7)}`);
  return {
    data: day,
    meseChiuso: closed !== undefined,
    puoSegnare: canMark,
    pazienti: result.map((r) => {
      const marked = r.present !== null;
      return {
        ID: Number(r.ID),
        Nome: r.Nome,
        Cognome: r.Cognome,
        stato: marked ? (r.present ? 'presente' : 'assente') : null,
        motivo: marked && !r.present ? r.reason : null,
        giustificata: marked && !r.present ? r.justified : null,
        segnatoDa: marked ? r.segnatoDa : null,
        segnatoIl: marked ? r.segnatoIl : null,
        assenza:
          r.absenceId === null
            ? null
            : { ID: Number(r.absenceId), motivo: r.absenceReason as AbsenceReason, giustificata: Boolean(r.absenceJustified) },
      };
    }),
  };
}

export async function markRollCall(db: Db, input: z.output<typeof rollCallSchema>, by: Writer, today: string = todayInRome()) {
  if (input.data > today) throw badRequest(M.futureDay);
  const isAdmin = by.Admin > 0;
  if (input.data < today && !isAdmin) throw forbidden(M.pastDayAdminOnly, ERROR_CODES.adminOnly);
  const reason = input.presente ? null : (input.motivo ?? null);
  const justified = input.presente ? true : input.giustificata;
  const state = input.presente ? 'presente' : `assente (${reason}${justified ? '' : ', non giustificata'})`;
  await db.transaction(async (tx) => {
    const [patient] = await tx.select({ id: patients.id }).from(patients).where(eq(patients.id, input.paziente));
    if (!patient) throw notFound(MSG.patientNotFound);
    await guardClosedMonths(
      tx,
      by,
      [input.data.slice(0, 7)],
      `appello del ${input.data}, paziente ${input.paziente}: ${state}`,
      input.correzione,
    );
    // The mark it replaces is read by the registro's insert, made before the mark is written.
    await appendAudit(tx, by, {
      action: 'appello.segna',
      entity: 'appello',
      entityId: input.paziente,
      day: input.data,
      patients: [input.paziente],
      before: sql`(select json_build_object('presente', present, 'motivo', reason, 'giustificata', justified)
        from roll_call where day = ${input.data}::date and patient_id = ${input.paziente})`,
      after: sql`${JSON.stringify({ presente: input.presente, motivo: reason, giustificata: justified, ...(input.correzione ? { correzione: input.correzione } : {}) })}::jsonb
        || jsonb_build_object('paziente', ${patientJson(input.paziente)})`,
    });
    const values = { present: input.presente, reason, justified, markedBy: by.ID, markedAt: sql`now()` };
    await tx
      .insert(rollCall)
      .values({ day: input.data, patientId: input.paziente, ...values })
      .onConflictDoUpdate({ target: [rollCall.day, rollCall.patientId], set: values });
  });
  return { ok: true };
}

/**
 * "Tutti presenti": marks present, in one statement (so one live event), every utente expected on
 * the day and not yet marked. A mark already made stays as it is, an absent one included; an utente
 * with a recorded absence covering the day is left for a person to decide. The same rules as one
 * mark: never a future day, a past day by an administrator only, a closed month with a correction.
 */
export async function markAllPresent(
  db: Db,
  input: z.output<typeof rollCallAllSchema>,
  by: Writer,
  today: string = todayInRome(),
): Promise<RollCallAllAnswer> {
  if (input.data > today) throw badRequest(M.futureDay);
  const isAdmin = by.Admin > 0;
  if (input.data < today && !isAdmin) throw forbidden(M.pastDayAdminOnly, ERROR_CODES.adminOnly);
  const day = input.data;
  return db.transaction(async (tx) => {
    await guardClosedMonths(tx, by, [day.slice(0, 7)], `appello del ${day}: tutti presenti`, input.correzione);
    const rows = await rowsOf<{ id: number | string; marked: boolean; absent: boolean }>(
      tx,
      sql`
      with expected as (
        select ap.patient_id from activity_patients ap join activities a on a.id = ap.activity_id where a.day = ${day}::date
        union select tp.patient_id from transport_patients tp join transport_runs r on r.id = tp.run_id where r.day = ${day}::date
      )
      select e.patient_id as id,
             exists (select 1 from roll_call rc where rc.day = ${day}::date and rc.patient_id = e.patient_id) as marked,
             exists (select 1 from absences ab where ab.patient_id = e.patient_id
                       and ab.end_day >= ${day}::date and ab.start_day <= ${day}::date) as absent
      from expected e
    `,
    );
    const toMark = rows.filter((r) => !r.marked && !r.absent).map((r) => Number(r.id));
    const answer = {
      segnati: toMark.length,
      giaSegnati: rows.filter((r) => r.marked).length,
      conAssenza: rows.filter((r) => !r.marked && r.absent).length,
    };
    if (toMark.length === 0) return answer;
    await appendAudit(tx, by, {
      action: 'appello.tutti',
      entity: 'appello',
      day,
      patients: toMark,
      after: { presente: true, segnati: toMark.length, ...(input.correzione ? { correzione: input.correzione } : {}) },
    });
    // One statement: one live event for the whole roll call. A mark made meanwhile is kept.
    await tx.execute(sql`
      insert into roll_call (day, patient_id, present, reason, justified, marked_by, marked_at)
      select ${day}::date, id, true, null, true, ${by.ID}, now() from unnest(${intArray(toMark)}) id
      on conflict (day, patient_id) do nothing
    `);
    return answer;
  });
}
