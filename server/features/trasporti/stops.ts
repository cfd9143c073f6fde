/**
 * A run's stops (issue 30, docs/product.md, Regole, Trasporti): the order of its passengers, each one's stop time
 * and which of its staff drives. Each write locks the run's day as the runs' other writes do (server/db/locks.ts),
 * changes nothing when refused, and is one registro row.
 */
import { and, eq, sql } from 'drizzle-orm';
import { minutesOf } from '../../../common/day-words.ts';
import { TRASPORTI_MSG as M, STOP_WINDOW_BEFORE_MIN } from '../../../common/trasporti.ts';
import { ANAGRAFICHE_MSG } from '../../../common/anagrafiche.ts';
import { appendAudit, patientJson, runJson, therapistJson, type Actor } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { readDayConflicts } from '../../db/day-read.ts';
import { lockRunDay } from '../../db/locks.ts';
import { transportPatients, transportRuns, transportTherapists } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';

async function requireRun(tx: Db, runId: number): Promise<string> {
  const day = await lockRunDay(tx, runId);
  if (day === undefined) throw notFound(ANAGRAFICHE_MSG.runNotFound);
  return day;
}

/** Every passenger of the run exactly once, in the new order (else 400 under `pazienti`). */
export async function setOrder(db: Db, by: Actor, runId: number, order: number[]) {
  await db.transaction(async (tx) => {
    const day = await requireRun(tx, runId);
    const rows = await tx.select({ id: transportPatients.patientId }).from(transportPatients).where(eq(transportPatients.runId, runId));
    const onRun = new Set(rows.map((r) => r.id));
    if (new Set(order).size !== order.length || order.length !== onRun.size || !order.every((id) => onRun.has(id)))
      throw badRequest(M.orderInvalid, ['pazienti']);
    if (order.length > 0)
      await tx.execute(sql`
        update transport_patients tp set position = o.ord
        from unnest(${`{${order.join(',')}}`}::int[]) with ordinality as o(patient_id, ord)
        where tp.run_id = ${runId} and tp.patient_id = o.patient_id and tp.position is distinct from o.ord`);
    await appendAudit(tx, by, {
      action: 'uscita.ordine',
      entity: 'uscita',
      entityId: runId,
      day,
      patients: order,
      after: sql`json_build_object('uscita', ${runJson(runId)}, 'pazienti', ${`{${order.join(',')}}`}::int[])`,
    });
  });
  return { ok: true };
}

/** A stop time from two hours before the run's departure to its arrival, or null to clear. */
export async function setStopTime(db: Db, by: Actor, runId: number, patientId: number, time: string | null) {
  await db.transaction(async (tx) => {
    const day = await requireRun(tx, runId);
    const [run] = await tx
      .select({ departure: transportRuns.departure, arrival: transportRuns.arrival })
      .from(transportRuns)
      .where(eq(transportRuns.id, runId));
    if (time !== null) {
      const at = minutesOf(time);
      if (at < minutesOf(run.departure) - STOP_WINDOW_BEFORE_MIN || at > minutesOf(run.arrival))
        throw badRequest(M.stopTimeInvalid, ['ora']);
    }
    const updated = await tx
      .update(transportPatients)
      .set({ stopTime: time })
      .where(and(eq(transportPatients.runId, runId), eq(transportPatients.patientId, patientId)))
      .returning({ id: transportPatients.patientId });
    if (updated.length === 0) throw notFound(M.passengerNotOnRun);
    await appendAudit(tx, by, {
      action: 'uscita.fermata',
      entity: 'uscita',
      entityId: runId,
      day,
      patients: [patientId],
      after: sql`json_build_object('uscita', ${runJson(runId)}, 'paziente', ${patientJson(patientId)}, 'ora', ${time}::text)`,
    });
  });
  return { ok: true };
}

/** One of the run's staff marked autista (the mark moves from whoever had it), or null to clear; answers the day's conflicts. */
export async function setDriver(db: Db, by: Actor, runId: number, therapistId: number | null) {
  const day = await db.transaction(async (tx) => {
    const day = await requireRun(tx, runId);
    if (therapistId !== null) {
      const [onRun] = await tx
        .select({ id: transportTherapists.therapistId })
        .from(transportTherapists)
        .where(and(eq(transportTherapists.runId, runId), eq(transportTherapists.therapistId, therapistId)));
      if (!onRun) throw notFound(M.staffNotOnRun);
    }
    // Cleared first: at most one autista a run (a unique index), checked row by row.
    await tx
      .update(transportTherapists)
      .set({ driver: false })
      .where(and(eq(transportTherapists.runId, runId), eq(transportTherapists.driver, true)));
    if (therapistId !== null)
      await tx
        .update(transportTherapists)
        .set({ driver: true })
        .where(and(eq(transportTherapists.runId, runId), eq(transportTherapists.therapistId, therapistId)));
    await appendAudit(tx, by, {
      action: 'uscita.autista',
      entity: 'uscita',
      entityId: runId,
      day,
      therapists: therapistId === null ? [] : [therapistId],
      after:
        therapistId === null
          ? sql`json_build_object('uscita', ${runJson(runId)}, 'terapista', null)`
          : sql`json_build_object('uscita', ${runJson(runId)}, 'terapista', ${therapistJson(therapistId)})`,
    });
    return day;
  });
  return { ok: true, conflitti: await readDayConflicts(db, day) };
}
