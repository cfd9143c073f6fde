/**
 * Weekly templates (docs/product.md, Regole; docs/decisions/0013-weekly-templates.md): the list,
 * a template created empty or from a real week, renamed, duplicated, deleted, applied to a
 * range of weeks, and a real week pasted onto another (Incolla settimana). A template's plan is
 * the calendar's own rows on its reserved week; every copy goes through the one paste path
 * (server/db/paste-days.ts), in one transaction.
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { addDays, weekdayOf } from '../../../common/dates.ts';
import {
  MAX_TEMPLATES,
  MODELLI_MSG as M,
  templateWeek,
  type ApplyResult,
  type ExistingChoice,
  type TemplateCreated,
  type TemplateList,
  type TemplateSummary,
  type templateApplyBody,
} from '../../../common/modelli.ts';
import { appendAudit, type Actor } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { BULK_COPY_DAYS, copyDays, refreshPlanStatisticsLater } from '../../db/paste-days.ts';
import { refuseViolations } from '../../db/queries.ts';
import { lockDays, lockTemplateCreation } from '../../db/locks.ts';
import { readCentreSettings } from '../../db/settings.ts';
import { workingWeekdays } from '../../db/template-days.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { rowsOf } from '../../db/rows.ts';

interface TemplateRow {
  id: number;
  name: string;
  week: string;
}

const weekDays = (monday: string) => [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(monday, i));

export async function listTemplates(db: Db): Promise<TemplateList> {
  const result = await rowsOf<TemplateSummary>(
    db,
    sql`
    select t.id as "ID", t.name as nome, t.week::text as settimana,
      (select count(*)::int from activities a
        where a.day between t.week and t.week + 6 and a.transport_run_id is null) as attivita,
      (select count(*)::int from transport_runs r where r.day between t.week and t.week + 6) as uscite
    from templates t order by lower(t.name), t.id limit ${MAX_TEMPLATES}`,
  );
  const { saturday } = await readCentreSettings(db);
  return {
    modelli: result.map((r) => ({ ...r, ID: Number(r.ID), attivita: Number(r.attivita), uscite: Number(r.uscite) })),
    sabato: saturday,
  };
}

/** The template, its row locked: `share` while it is read (applied, duplicated), `update` while it changes. */
async function findTemplate(tx: Db, id: number, lock: 'share' | 'update' = 'update'): Promise<TemplateRow> {
  const result = await rowsOf<TemplateRow>(
    tx,
    sql`select id, name, week::text as week from templates where id = ${id} for ${sql.raw(lock)}`,
  );
  const [row] = result;
  if (!row) throw notFound(M.notFound);
  return { ...row, id: Number(row.id) };
}

/** Each working day of the week starting `fromMonday` paired with the same weekday of the week starting `toMonday`. */
async function weekCopies(tx: Db, fromMonday: string, toMonday: string) {
  const { saturday } = await readCentreSettings(tx);
  return workingWeekdays(saturday).map((weekday) => ({ from: addDays(fromMonday, weekday - 1), to: addDays(toMonday, weekday - 1) }));
}

/** The source week's working days copied onto the template's week, replacing what it holds. */
async function copyWeekInto(tx: Db, by: Actor, fromMonday: string, toMonday: string) {
  await copyDays(tx, by, { copies: await weekCopies(tx, fromMonday, toMonday), existing: 'sostituisci', skipClosed: false });
}

/** A new template row: its id draws its reserved week; the name is unique whatever its case. */
async function insertTemplate(tx: Db, name: string): Promise<TemplateRow> {
  // Templates are created one at a time, so the count below holds until the commit.
  await lockTemplateCreation(tx);
  const counted = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from templates`);
  if (Number(counted[0].n) >= MAX_TEMPLATES) throw conflict(M.tooMany);
  const next = await rowsOf<{ id: number }>(tx, sql`select nextval(pg_get_serial_sequence('templates', 'id'))::int as id`);
  const id = Number(next[0].id);
  const week = templateWeek(id);
  await refuseViolations(() => tx.execute(sql`insert into templates (id, name, week) values (${id}, ${name}, ${week}::date)`), {
    duplicate: M.nameDuplicate,
  });
  return { id, name, week };
}

export async function createTemplate(db: Db, by: Actor, name: string, fromWeek?: string): Promise<TemplateCreated> {
  return db.transaction(async (tx) => {
    const template = await insertTemplate(tx, name);
    await appendAudit(tx, by, {
      action: 'modello.crea',
      entity: 'modello',
      entityId: template.id,
      day: fromWeek ?? null,
      after: { nome: name, settimana: template.week, ...(fromWeek ? { dasettimana: fromWeek } : {}) },
    });
    if (fromWeek) await copyWeekInto(tx, by, fromWeek, template.week);
    return { ID: template.id, settimana: template.week };
  });
}

export async function renameTemplate(db: Db, by: Actor, id: number, name: string) {
  await db.transaction(async (tx) => {
    const template = await findTemplate(tx, id);
    await refuseViolations(() => tx.execute(sql`update templates set name = ${name} where id = ${id}`), {
      duplicate: M.nameDuplicate,
    });
    await appendAudit(tx, by, {
      action: 'modello.rinomina',
      entity: 'modello',
      entityId: id,
      before: { nome: template.name },
      after: { nome: name },
    });
  });
  return { ok: true };
}

export async function duplicateTemplate(db: Db, by: Actor, id: number, name: string): Promise<TemplateCreated> {
  return db.transaction(async (tx) => {
    const source = await findTemplate(tx, id, 'share');
    const template = await insertTemplate(tx, name);
    await appendAudit(tx, by, {
      action: 'modello.duplica',
      entity: 'modello',
      entityId: template.id,
      before: { ID: source.id, nome: source.name },
      after: { nome: name, settimana: template.week },
    });
    await copyWeekInto(tx, by, source.week, template.week);
    return { ID: template.id, settimana: template.week };
  });
}

/** The template and its week's plan, under the week's day locks. */
export async function deleteTemplate(db: Db, by: Actor, id: number) {
  await db.transaction(async (tx) => {
    const template = await findTemplate(tx, id);
    const days = weekDays(template.week);
    await lockDays(tx, days);
    const last = days[days.length - 1];
    const removed = await rowsOf<{ attivita: number; uscite: number }>(
      tx,
      sql`
      with gone_activities as (
        delete from activities where day between ${template.week}::date and ${last}::date returning transport_run_id
      ), gone_runs as (
        delete from transport_runs where day between ${template.week}::date and ${last}::date returning id
      )
      select (select count(*)::int from gone_activities where transport_run_id is null) as attivita,
        (select count(*)::int from gone_runs) as uscite`,
    );
    await tx.execute(sql`delete from templates where id = ${id}`);
    await appendAudit(tx, by, {
      action: 'modello.elimina',
      entity: 'modello',
      entityId: id,
      before: {
        nome: template.name,
        settimana: template.week,
        attivita: Number(removed[0].attivita),
        uscite: Number(removed[0].uscite),
      },
    });
  });
  return { ok: true };
}

/**
 * Applica modello: on every working day from `dal` to `al` the plan of the template's same
 * weekday, skipping holidays, closing days and (`salta`) days already planned; one transaction.
 */
export async function applyTemplate(db: Db, by: Actor, input: z.output<typeof templateApplyBody>): Promise<ApplyResult> {
  const applied = await db.transaction(async (tx) => {
    const [template, { saturday }] = await Promise.all([findTemplate(tx, input.modello, 'share'), readCentreSettings(tx)]);
    const weekdays = workingWeekdays(saturday);
    const copies: { from: string; to: string }[] = [];
    for (let day = input.dal; day <= input.al; day = addDays(day, 1)) {
      const weekday = weekdayOf(day);
      if (weekdays.includes(weekday)) copies.push({ from: addDays(template.week, weekday - 1), to: day });
    }
    return copyDays(tx, by, {
      copies,
      existing: input.esistenti,
      skipClosed: true,
      audit: { modello: template.name },
      operation: { action: 'modello.applica', after: { modello: template.name, ID: template.id } },
    });
  });
  if (applied.giorni.filter((g) => g.saltato === null && g.scritto > 0).length >= BULK_COPY_DAYS) refreshPlanStatisticsLater(db);
  return applied;
}

/**
 * Copia / Incolla settimana (POST /server/calendario/pasteweek): each working day of week `from` written on the
 * same weekday of week `to`, in one transaction, by the rules of a template applied (server/db/paste-days.ts).
 */
export async function pasteWeek(db: Db, by: Actor, from: string, to: string, existing: ExistingChoice): Promise<ApplyResult> {
  return db.transaction(async (tx) =>
    copyDays(tx, by, {
      copies: await weekCopies(tx, from, to),
      existing,
      skipClosed: true,
      operation: { action: 'settimana.incolla', after: { da: from, a: to } },
    }),
  );
}
