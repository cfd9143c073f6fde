/**
 * What the conflicts of issue 29 read besides the day (common/plan-conflicts.ts): the types of the day's activities,
 * the profile, hours and availability of their operatori, and the progetti of the utenti in typed activities. One
 * round trip, only for the ids the day names: a day of activities without types reads the operatori alone.
 */
import { sql } from 'drizzle-orm';
import type { PlanContext, PlanProgetto, PlanTherapist, PlanTipo } from '../../common/plan-conflicts.ts';
import type { Finestra, Profilo } from '../../common/progetti.ts';
import type { DayActivity } from '../../common/schemas.ts';
import { intArray } from './audit.ts';
import type { Db } from './client.ts';
import { rowsOf } from './rows.ts';

interface Doc {
  tipi: { id: number; profilo: Profilo | null; partecipanti: number }[];
  terapisti: { id: number; profilo: Profilo | null; minuti: number | null; disponibilita: Finestra[] }[];
  progetti: { paziente: number; dal: string; al: string | null; frequenza: Finestra[]; tipi: number[] }[];
}

export const EMPTY_PLAN_CONTEXT: PlanContext = { tipi: new Map(), terapisti: new Map(), progetti: new Map() };

/** The context of some activities (a day, or a range of days: the progetti are those overlapping `start`–`stop`). */
export async function readPlanContext(
  db: Db,
  activities: Pick<DayActivity, 'RifTipo' | 'Pazienti' | 'Terapisti'>[],
  start: string,
  stop: string,
): Promise<PlanContext> {
  const typeIds = new Set<number>();
  const therapistIds = new Set<number>();
  const patientIds = new Set<number>();
  for (const a of activities) {
    a.Terapisti.forEach((t) => therapistIds.add(t.RifTerapista));
    if ((a.RifTipo ?? -1) > 0) {
      typeIds.add(a.RifTipo!);
      a.Pazienti.forEach((p) => patientIds.add(p.RifPaziente));
    }
  }
  if (therapistIds.size === 0 && typeIds.size === 0) return EMPTY_PLAN_CONTEXT;
  const result = await rowsOf<{ doc: string }>(
    db,
    sql`select json_build_object(
    'tipi', coalesce((select json_agg(json_build_object('id', id, 'profilo', profile, 'partecipanti', participants))
                      from activity_types where id = any(${intArray([...typeIds])})), '[]'),
    'terapisti', coalesce((select json_agg(json_build_object('id', id, 'profilo', profile, 'minuti', weekly_minutes, 'disponibilita', availability))
                      from therapists where id = any(${intArray([...therapistIds])})), '[]'),
    'progetti', coalesce((select json_agg(json_build_object('paziente', p.patient_id, 'dal', p.start_day::text, 'al', p.end_day::text,
                        'frequenza', p.attendance,
                        'tipi', coalesce((select json_agg(r.type_id) from care_plan_rows r where r.plan_id = p.id), '[]')))
                      from care_plans p where p.patient_id = any(${intArray([...patientIds])})
                        and p.start_day <= ${stop}::date and (p.end_day is null or p.end_day >= ${start}::date)), '[]')
  )::text as doc`,
  );
  return toContext(JSON.parse(result[0].doc) as Doc);
}

function toContext(doc: Doc): PlanContext {
  const tipi = new Map<number, PlanTipo>(doc.tipi.map((t) => [t.id, { profilo: t.profilo, partecipanti: t.partecipanti }]));
  const terapisti = new Map<number, PlanTherapist>(
    doc.terapisti.map((t) => [
      t.id,
      { profilo: t.profilo, oreSettimanali: t.minuti === null ? null : t.minuti / 60, disponibilita: t.disponibilita },
    ]),
  );
  const progetti = new Map<number, PlanProgetto[]>();
  for (const p of doc.progetti) {
    progetti.set(p.paziente, [...(progetti.get(p.paziente) ?? []), { dal: p.dal, al: p.al, frequenza: p.frequenza, tipi: p.tipi }]);
  }
  return { tipi, terapisti, progetti };
}
