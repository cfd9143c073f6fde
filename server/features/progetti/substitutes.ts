/**
 * Chi può sostituire (issue 29): for an operatore's activity, the operatori of the profile it needs who could take
 * her place, best first; and the one-click swap, one registro row that Annulla takes back (the day's rows are kept
 * as for a removed activity: server/features/registro/undo.ts).
 *
 * A candidate: not archived, not already in the activity, of the profile the activity's type needs (of the absent
 * operatore's own profile when the type names none or there is no type; anyone when neither is known), not absent
 * that day, with no other activity or minibus run overlapping it, inside her availability windows when she has any,
 * and within her weekly hours when she has them (the week's planned minutes plus this activity's).
 * Best first: the one who already follows more of the activity's utenti this month, then the least loaded this
 * week, then by name. At most MAX_SUBSTITUTES.
 */
import { and, eq, sql } from 'drizzle-orm';
import { addDays, mondayOf } from '../../../common/dates.ts';
import { MSG } from '../../../common/messages.ts';
import { operatoreLabel } from '../../../common/people.ts';
import { insideWindows } from '../../../common/plan-conflicts.ts';
import { PROGETTI_MSG as M, type Finestra, type Sostituto } from '../../../common/progetti.ts';
import { minutesOf } from '../../../common/schemas.ts';
import { activityJson, appendDayAudit, holdDayRows, readJson, therapistJson, type Actor } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { readDayConflicts } from '../../db/day-read.ts';
import { therapistAbsenceReason } from '../../db/absence-sql.ts';
import { lockDays } from '../../db/locks.ts';
import { activities, activityTherapists, therapists } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { rowsOf } from '../../db/rows.ts';

export const MAX_SUBSTITUTES = 20;

interface Candidate {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  weekly_minutes: number | null;
  availability: Finestra[] | string;
  week_minutes: number;
  follows: number;
}

async function requireActivityWith(db: Db, activityId: number, therapistId: number) {
  const [activity] = await db.select().from(activities).where(eq(activities.id, activityId));
  if (!activity) throw notFound(MSG.activityNotFound);
  const [link] = await db
    .select({ id: activityTherapists.id })
    .from(activityTherapists)
    .where(and(eq(activityTherapists.activityId, activityId), eq(activityTherapists.therapistId, therapistId)));
  if (!link) throw badRequest(M.notInActivity, ['terapista']);
  return { activity, linkId: link.id };
}

export async function findSubstitutes(db: Db, activityId: number, therapistId: number): Promise<Sostituto[]> {
  const { activity } = await requireActivityWith(db, activityId, therapistId);
  const monday = mondayOf(activity.day);
  const sunday = addDays(monday, 6);
  const monthStart = `${activity.day.slice(0, 7)}-01`;
  const rows = await rowsOf<Candidate>(
    db,
    sql`
    with target as (
      select a.id, a.day, a.start, a."end",
        coalesce((select profile from activity_types where id = a.type_id),
                 (select profile from therapists where id = ${therapistId})) as profile
      from activities a where a.id = ${activityId}
    ),
    target_patients as (select patient_id from activity_patients where activity_id = ${activityId})
    select t.id, t.username, t.first_name, t.last_name, t.weekly_minutes, t.availability,
      coalesce((select sum(extract(epoch from (a."end" - a.start)) / 60)::int from activities a
                join activity_therapists at on at.activity_id = a.id
                where at.therapist_id = t.id and a.day between ${monday}::date and ${sunday}::date), 0) as week_minutes,
      (select count(distinct ap.patient_id)::int from activities a
         join activity_therapists at on at.activity_id = a.id
         join activity_patients ap on ap.activity_id = a.id
        where at.therapist_id = t.id and a.day >= ${monthStart}::date and a.day < (${monthStart}::date + interval '1 month')
          and ap.patient_id in (select patient_id from target_patients)) as follows
    from therapists t, target
    where not t.archived and t.id <> ${therapistId}
      and (target.profile is null or t.profile = target.profile)
      and not exists (select 1 from activity_therapists x where x.activity_id = target.id and x.therapist_id = t.id)
      and ${therapistAbsenceReason(sql`t.id`, sql`target.day`)} is null
      and not exists (select 1 from activities a join activity_therapists at on at.activity_id = a.id
                      where at.therapist_id = t.id and a.day = target.day and a.id <> target.id
                        and a.start < target."end" and target.start < a."end")
      and not exists (select 1 from transport_runs r join transport_therapists tt on tt.run_id = r.id
                      where tt.therapist_id = t.id and r.day = target.day
                        and r.departure < target."end" and target.start < r.arrival)`,
  );
  const start = activity.start.slice(0, 5);
  const end = activity.end.slice(0, 5);
  const minutes = minutesOf(end) - minutesOf(start);
  const weekday = new Date(`${activity.day}T00:00:00Z`).getUTCDay();
  const fitting = rows
    .map((r) => ({ ...r, availability: typeof r.availability === 'string' ? (JSON.parse(r.availability) as Finestra[]) : r.availability }))
    .filter((r) => r.availability.length === 0 || insideWindows(r.availability, weekday, start, end))
    .filter((r) => r.weekly_minutes === null || Number(r.week_minutes) + minutes <= r.weekly_minutes)
    .map((r) => ({ ...r, nome: operatoreLabel({ username: r.username, Nome: r.first_name, Cognome: r.last_name }) }));
  fitting.sort(
    (a, b) => b.follows - a.follows || Number(a.week_minutes) - Number(b.week_minutes) || a.nome.localeCompare(b.nome, 'it') || a.id - b.id,
  );
  return fitting
    .slice(0, MAX_SUBSTITUTES)
    .map((r) => ({ terapista: r.id, nome: r.nome, motivo: reasonOf(r.follows, Number(r.week_minutes), r.weekly_minutes) }));
}

const hours = (m: number) => (m % 60 === 0 ? String(m / 60) : (m / 60).toFixed(1).replace('.', ','));

/** "segue già 3 di questi utenti", else the week's load: "6 ore pianificate su 30 questa settimana". */
function reasonOf(follows: number, weekMinutes: number, weeklyMinutes: number | null): string {
  if (follows === 1) return 'segue già 1 di questi utenti';
  if (follows > 1) return `segue già ${follows} di questi utenti`;
  const of = weeklyMinutes === null ? '' : ` su ${hours(weeklyMinutes)}`;
  return `${hours(weekMinutes)} ore pianificate${of} questa settimana`;
}

/** Swaps `terapista` out of the activity and `sostituto` in: one registro row, undoable with Annulla. */
export async function substitute(db: Db, by: Actor, activityId: number, therapistId: number, substituteId: number) {
  const [seen] = await db.select({ day: activities.day }).from(activities).where(eq(activities.id, activityId));
  if (!seen) throw notFound(MSG.activityNotFound);
  const { operazione, day } = await db.transaction(async (tx) => {
    await lockDays(tx, [seen.day]);
    const { activity, linkId } = await requireActivityWith(tx, activityId, therapistId);
    const [candidate] = await tx.select({ archived: therapists.archived }).from(therapists).where(eq(therapists.id, substituteId));
    if (!candidate) throw badRequest(MSG.therapistNotFound, ['sostituto']);
    const [already] = await tx
      .select({ id: activityTherapists.id })
      .from(activityTherapists)
      .where(and(eq(activityTherapists.activityId, activityId), eq(activityTherapists.therapistId, substituteId)));
    if (candidate.archived || already || substituteId === therapistId) throw badRequest(M.substituteInvalid, ['sostituto']);
    const held = await holdDayRows(tx, activity.day);
    const out = await readJson(tx, therapistJson(therapistId));
    await tx.delete(activityTherapists).where(eq(activityTherapists.id, linkId));
    await tx.insert(activityTherapists).values({ activityId, therapistId: substituteId });
    const operazione = await appendDayAudit(tx, by, {
      action: 'terapista.sostituisci',
      entity: 'attivita',
      entityId: activityId,
      day: activity.day,
      patients: held.activityPatients,
      therapists: [therapistId, substituteId],
      before: { terapista: out },
      after: { terapista: await readJson(tx, therapistJson(substituteId)), attivita: await readJson(tx, activityJson(activityId)) },
    });
    return { operazione, day: activity.day };
  });
  return { ok: true, operazione, conflitti: await readDayConflicts(db, day) };
}
