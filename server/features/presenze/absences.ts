/**
 * Absences of patients and therapists: record, list, delete, and take an
 * absent person out of the activities and minibus runs of the days they are
 * absent ("Togli dalle attività del giorno / del periodo").
 */
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PRESENZE_MSG as M,
  type Absence,
  type AbsentRemoval,
  type AbsenceReason,
  type PersonKind,
  type absenceCreateSchema,
  type absenceDeleteSchema,
  type absenceRemoveSchema,
  type absenceUpdateSchema,
} from '../../../common/presenze.ts';
import { operatoreLabel } from '../../../common/people.ts';
import { patientAbsenceReason, therapistAbsenceReason } from '../../db/absence-sql.ts';
import { appendAudit, patientJson, therapistJson, type Actor } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { lockDays, lockPersonAbsences } from '../../db/locks.ts';
import { absences, patients, therapists } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { guardClosedMonths, monthsOfRange, type Writer } from './rules.ts';
import { rowsOf } from '../../db/rows.ts';

const personJson = (tipo: PersonKind, id: number) => (tipo === 'paziente' ? patientJson(id) : therapistJson(id));
/** The person's id in the row's person filter. */
const touched = (tipo: PersonKind, id: number) => (tipo === 'paziente' ? { patients: [id] } : { therapists: [id] });

const personLabel = (tipo: PersonKind, id: number) => `${tipo === 'paziente' ? 'paziente' : 'terapista'} ${id}`;
const describe = (a: { tipo: PersonKind; persona: number; dal: string; al: string; motivo: AbsenceReason }, what: string) =>
  `assenza ${a.dal}…${a.al} di ${personLabel(a.tipo, a.persona)} ${what} (${a.motivo})`;

async function requirePerson(tx: Db, tipo: PersonKind, id: number) {
  const table = tipo === 'paziente' ? patients : therapists;
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!row) throw notFound(M.personNotFound);
}

export async function createAbsence(db: Db, input: z.output<typeof absenceCreateSchema>, by: Writer) {
  const personColumn = input.tipo === 'paziente' ? absences.patientId : absences.therapistId;
  const insertId = await db.transaction(async (tx) => {
    // Two recordings for one person take turns, so they cannot both miss each other's range.
    await lockPersonAbsences(tx, input.tipo, input.persona);
    await requirePerson(tx, input.tipo, input.persona);
    const [clash] = await tx
      .select({ id: absences.id })
      .from(absences)
      .where(and(eq(personColumn, input.persona), sql`${absences.startDay} <= ${input.al}`, sql`${absences.endDay} >= ${input.dal}`))
      .limit(1);
    if (clash) throw conflict(M.overlap);
    await guardClosedMonths(tx, by, monthsOfRange(input.dal, input.al), describe(input, 'registrata'), input.correzione);
    const [row] = await tx
      .insert(absences)
      .values({
        patientId: input.tipo === 'paziente' ? input.persona : null,
        therapistId: input.tipo === 'terapista' ? input.persona : null,
        startDay: input.dal,
        endDay: input.al,
        reason: input.motivo,
        justified: input.giustificata,
        note: input.note,
        createdBy: by.ID,
      })
      .returning({ id: absences.id });
    const { tipo, persona, dal, al, motivo, giustificata, note, correzione } = input;
    await appendAudit(tx, by, {
      action: 'assenza.registra',
      entity: 'assenza',
      entityId: row.id,
      day: dal,
      dayTo: al,
      ...touched(tipo, persona),
      after: sql`${JSON.stringify({ tipo, dal, al, motivo, giustificata, note, ...(correzione ? { correzione } : {}) })}::jsonb
        || jsonb_build_object('persona', ${personJson(tipo, persona)})`,
    });
    return row.id;
  });
  return { insertId };
}

/** The absences overlapping `dal`…`al`, by start and name. */
export async function listAbsences(db: Db, dal: string, al: string): Promise<Absence[]> {
  const result = await rowsOf<Absence & { username: string | null; Nome: string | null; Cognome: string | null }>(
    db,
    sql`
    select ab.id as "ID",
           case when ab.patient_id is null then 'terapista' else 'paziente' end as tipo,
           coalesce(ab.patient_id, ab.therapist_id) as persona,
           coalesce(p.first_name || ' ' || p.last_name, t.username) as nome,
           t.username, t.first_name as "Nome", t.last_name as "Cognome",
           ab.start_day::text as dal, ab.end_day::text as al, ab.reason as motivo, ab.justified as giustificata, ab.note
    from absences ab
    left join patients p on p.id = ab.patient_id
    left join therapists t on t.id = ab.therapist_id
    where ab.end_day >= ${dal}::date and ab.start_day <= ${al}::date
    order by ab.start_day, nome, ab.id
  `,
  );
  // A therapist is named as everywhere else (common/people.ts): "Laura Fontana" where set, else the username.
  return result.map(({ username, Nome, Cognome, ...r }) => ({
    ...r,
    nome: username === null ? r.nome : operatoreLabel({ username, Nome: Nome ?? '', Cognome: Cognome ?? '' }),
    ID: Number(r.ID),
    persona: Number(r.persona),
  }));
}

interface AbsenceRow {
  tipo: PersonKind;
  persona: number;
  dal: string;
  al: string;
  motivo: AbsenceReason;
}

async function readAbsence(tx: Db, id: number): Promise<AbsenceRow> {
  const [row] = await rowsOf<AbsenceRow>(
    tx,
    sql`
      select case when patient_id is null then 'terapista' else 'paziente' end as tipo,
             coalesce(patient_id, therapist_id) as persona, start_day::text as dal, end_day::text as al, reason as motivo
      from absences where id = ${id} for update
    `,
  );
  if (!row) throw notFound(M.absenceNotFound);
  return { ...row, persona: Number(row.persona) };
}

export async function deleteAbsence(db: Db, input: z.output<typeof absenceDeleteSchema>, by: Writer) {
  await db.transaction(async (tx) => {
    const absence = await readAbsence(tx, input.ID);
    await guardClosedMonths(tx, by, monthsOfRange(absence.dal, absence.al), describe(absence, 'eliminata'), input.correzione);
    await tx.delete(absences).where(eq(absences.id, input.ID));
    await appendAudit(tx, by, {
      action: 'assenza.elimina',
      entity: 'assenza',
      entityId: input.ID,
      day: absence.dal,
      dayTo: absence.al,
      ...touched(absence.tipo, absence.persona),
      before: sql`${JSON.stringify(absence)}::jsonb || jsonb_build_object('persona', ${personJson(absence.tipo, absence.persona)})`,
      after: input.correzione ? { correzione: input.correzione } : null,
    });
  });
  return { ok: true };
}

/**
 * Changes an absence's dates, reason, giustificata or note with the checks of a new one: no other
 * absence of the person on the new days (under the same per-person lock), and the closed-month guard
 * over the months of the old days and of the new ones (moving an absence out of a closed month changes it too).
 */
export async function updateAbsence(db: Db, input: z.output<typeof absenceUpdateSchema>, by: Writer) {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ patientId: absences.patientId, therapistId: absences.therapistId })
      .from(absences)
      .where(eq(absences.id, input.ID));
    if (!found) throw notFound(M.absenceNotFound);
    const tipo: PersonKind = found.patientId === null ? 'terapista' : 'paziente';
    const persona = (found.patientId ?? found.therapistId) as number;
    // The lock of a new absence of the same person first, then the row: a recording and an edit take turns.
    await lockPersonAbsences(tx, tipo, persona);
    const [old] = await tx
      .select({
        dal: absences.startDay,
        al: absences.endDay,
        motivo: absences.reason,
        giustificata: absences.justified,
        note: absences.note,
      })
      .from(absences)
      .where(eq(absences.id, input.ID))
      .for('update');
    if (!old) throw notFound(M.absenceNotFound);
    const personColumn = tipo === 'paziente' ? absences.patientId : absences.therapistId;
    const [clash] = await tx
      .select({ id: absences.id })
      .from(absences)
      .where(
        and(
          eq(personColumn, persona),
          ne(absences.id, input.ID),
          sql`${absences.startDay} <= ${input.al}`,
          sql`${absences.endDay} >= ${input.dal}`,
        ),
      )
      .limit(1);
    if (clash) throw conflict(M.overlap);
    const next = {
      dal: input.dal,
      al: input.al,
      motivo: input.motivo,
      giustificata: input.giustificata ?? old.giustificata,
      note: input.note ?? old.note,
    };
    const before = { tipo, ...old, motivo: old.motivo as AbsenceReason };
    const months = [...new Set([...monthsOfRange(old.dal, old.al), ...monthsOfRange(next.dal, next.al)])].sort();
    await guardClosedMonths(
      tx,
      by,
      months,
      `${describe({ ...before, persona }, 'modificata')} → ${next.dal}…${next.al} (${next.motivo})`,
      input.correzione,
    );
    await tx
      .update(absences)
      .set({ startDay: next.dal, endDay: next.al, reason: next.motivo, justified: next.giustificata, note: next.note })
      .where(eq(absences.id, input.ID));
    const json = (side: object) => sql`${JSON.stringify(side)}::jsonb || jsonb_build_object('persona', ${personJson(tipo, persona)})`;
    await appendAudit(tx, by, {
      action: 'assenza.modifica',
      entity: 'assenza',
      entityId: input.ID,
      day: old.dal < next.dal ? old.dal : next.dal,
      dayTo: old.al > next.al ? old.al : next.al,
      ...touched(tipo, persona),
      before: json(before),
      after: json({ tipo, ...next, ...(input.correzione ? { correzione: input.correzione } : {}) }),
    });
  });
  return { ok: true };
}

/** The person's links of one kind (activities or runs) on the days they are absent within `dal`…`al`. */
function absentLinks(tipo: PersonKind, persona: number, dal: string, al: string) {
  const reason = (day: SQL) =>
    tipo === 'paziente' ? patientAbsenceReason(sql`${persona}::int`, day) : therapistAbsenceReason(sql`${persona}::int`, day);
  const [activityLinks, runLinks, column] =
    tipo === 'paziente'
      ? [sql`activity_patients`, sql`transport_patients`, sql`patient_id`]
      : [sql`activity_therapists`, sql`transport_therapists`, sql`therapist_id`];
  const within = (day: SQL) => sql`${day} between ${dal}::date and ${al}::date and ${reason(day)} is not null`;
  return {
    days: sql`
      select a.day::text as day from ${activityLinks} l join activities a on a.id = l.activity_id
        where l.${column} = ${persona} and ${within(sql`a.day`)}
      union
      select r.day::text from ${runLinks} l join transport_runs r on r.id = l.run_id
        where l.${column} = ${persona} and ${within(sql`r.day`)}
      order by 1`,
    deleteFromActivities: sql`
      delete from ${activityLinks} l using activities a
      where a.id = l.activity_id and l.${column} = ${persona} and ${within(sql`a.day`)}
      returning 1 as removed`,
    deleteFromRuns: sql`
      delete from ${runLinks} l using transport_runs r
      where r.id = l.run_id and l.${column} = ${persona} and ${within(sql`r.day`)}
      returning 1 as removed`,
  };
}

/**
 * Togli: removes the person from every activity and run on the days of the
 * absence (`{ID}`) or of one day (`{tipo, persona, data}`) where they are
 * absent, in one transaction, each day locked as the calendar's whole-day writes lock it.
 */
export async function removeAbsentFromPlan(db: Db, by: Actor, input: z.output<typeof absenceRemoveSchema>): Promise<AbsentRemoval> {
  const rimossi = await db.transaction(async (tx) => {
    let target: { tipo: PersonKind; persona: number; dal: string; al: string };
    if ('ID' in input) {
      target = await readAbsence(tx, input.ID);
    } else {
      await requirePerson(tx, input.tipo, input.persona);
      const reason =
        input.tipo === 'paziente'
          ? patientAbsenceReason(sql`${input.persona}::int`, sql`${input.data}::date`)
          : therapistAbsenceReason(sql`${input.persona}::int`, sql`${input.data}::date`);
      const [row] = await rowsOf<{ reason: string | null }>(tx, sql`select ${reason} as reason`);
      if (!row?.reason) throw conflict(M.notAbsent);
      target = { tipo: input.tipo, persona: input.persona, dal: input.data, al: input.data };
    }
    const links = absentLinks(target.tipo, target.persona, target.dal, target.al);
    const days = (await rowsOf<{ day: string }>(tx, links.days)).map((r) => r.day);
    await lockDays(tx, days);
    // The rows each `delete … returning` removed.
    const fromActivities = await rowsOf(tx, links.deleteFromActivities);
    const fromRuns = await rowsOf(tx, links.deleteFromRuns);
    const removed = fromActivities.length + fromRuns.length;
    // One row for the whole removal: who, the period, how many links and on which days.
    await appendAudit(tx, by, {
      action: 'assenza.togli',
      entity: 'assenza',
      entityId: 'ID' in input ? input.ID : null,
      day: target.dal,
      dayTo: target.al === target.dal ? null : target.al,
      ...touched(target.tipo, target.persona),
      after: sql`${JSON.stringify({ tipo: target.tipo, dal: target.dal, al: target.al, rimossi: removed, giorni: days })}::jsonb
        || jsonb_build_object('persona', ${personJson(target.tipo, target.persona)})`,
    });
    return removed;
  });
  return { rimossi };
}
