/**
 * Copertura of a week (GET /server/progetti/copertura, docs/product.md, Progetto individuale): for every utente with
 * a progetto covering some day of the week (Monday to Sunday), each riga once with
 * - previste: the riga's sedute (minutiPrevisti = sedute × minuti); when two progetti of the utente share the week
 *   (one ends, the next starts), a type's riga is the one of the later progetto;
 * - pianificate: the week's activities of that type with the utente in them, on days one of his progetti covers,
 *   the days he is absent left out (an absence, or the roll call's absent mark; the roll call's present mark wins);
 * - erogate: those of them on days the roll call marked him present;
 * - pianificatePassate, erogatePassate: the same two counted only on the days before `today` (Europe/Rome), so the
 *   web app can tell mid-week whether what was planned on the days already gone was given (amber when not);
 * minutes from each activity's own times. Utenti sorted by surname, name, ID; righe in the progetto's order.
 *
 * One statement: the progetti of the week (by period), their righe, the week's activities of the types (by day),
 * their utenti, absences and marks (by key). Its cost follows the week, not the history. Each step is computed once
 * (`materialized`), the righe are joined to the counts in one pass and the rows, sorted, are grouped per utente here:
 * building the answer's JSON in the statement cost an ordered aggregate per utente (a sort set up 200 times), which was
 * most of the statement's time at 200 utenti (docs/performance.md, Copertura).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Copertura, CoperturaPaziente } from '../../../common/progetti.ts';
import { weekEnd } from '../../../common/progetti.ts';
import { patientAbsenceReason } from '../../db/absence-sql.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

interface CoverageRow {
  paziente: number;
  nome: string;
  /** Null for an utente whose progetti of the week have no riga. */
  tipo: number | null;
  tipo_nome: string | null;
  sessions: number;
  minutes: number;
  pianificate: number;
  erogate: number;
  minuti_pianificati: number;
  minuti_erogati: number;
  pianificate_passate: number;
  erogate_passate: number;
}

/** `today`: yyyy-mm-dd in Rome (the route's clock, which a test may fix); the days before it are past. */
export async function weekCoverage(db: Db, monday: string, today: string): Promise<Copertura> {
  const result = await rowsOf<CoverageRow>(db, coverageQuery(monday, today));
  const pazienti: CoperturaPaziente[] = [];
  for (const row of result) {
    let p = pazienti[pazienti.length - 1];
    if (p?.paziente !== row.paziente) pazienti.push((p = { paziente: row.paziente, nome: row.nome, righe: [] }));
    if (row.tipo === null) continue;
    p.righe.push({
      tipo: row.tipo,
      nome: row.tipo_nome ?? '',
      previste: row.sessions,
      pianificate: row.pianificate,
      erogate: row.erogate,
      minutiPrevisti: row.sessions * row.minutes,
      minutiPianificati: row.minuti_pianificati,
      minutiErogati: row.minuti_erogati,
      pianificatePassate: row.pianificate_passate,
      erogatePassate: row.erogate_passate,
    });
  }
  return { settimana: monday, pazienti };
}

/** The statement of weekCoverage: one row per utente and riga, in the answer's order; bench/explain.ts explains it. */
export function coverageQuery(monday: string, today: string): SQL {
  const sunday = weekEnd(monday);
  return sql`
    with plans as materialized (
      select id, patient_id, start_day, end_day from care_plans
      where start_day <= ${sunday}::date and (end_day is null or end_day >= ${monday}::date)
    ),
    rows as materialized (
      select distinct on (p.patient_id, r.type_id) p.patient_id, r.type_id, r.sessions, r.minutes, r.position, p.start_day
      -- Each progetto's righe by its key (offset 0 keeps the lookup per progetto): a join let the planner hash every
      -- riga of the history (13,625 at 10 years) for the 200 progetti of the week.
      from plans p cross join lateral (select * from care_plan_rows cr where cr.plan_id = p.id offset 0) r
      order by p.patient_id, r.type_id, p.start_day desc
    ),
    acts as materialized (
      select a.id, a.day, a.type_id, ap.patient_id,
             (extract(epoch from (a."end" - a.start)) / 60)::int as minutes
      from activities a join activity_patients ap on ap.activity_id = a.id
      where a.day between ${monday}::date and ${sunday}::date and a.type_id is not null
        and exists (select 1 from plans p where p.patient_id = ap.patient_id
                    and p.start_day <= a.day and (p.end_day is null or p.end_day >= a.day))
    ),
    counted as materialized (
      select acts.patient_id, acts.type_id,
             count(*)::int as pianificate, coalesce(sum(acts.minutes), 0)::int as minuti_pianificati,
             (count(*) filter (where rc.present))::int as erogate,
             coalesce(sum(acts.minutes) filter (where rc.present), 0)::int as minuti_erogati,
             (count(*) filter (where acts.day < ${today}::date))::int as pianificate_passate,
             (count(*) filter (where rc.present and acts.day < ${today}::date))::int as erogate_passate
      from acts
      left join roll_call rc on rc.day = acts.day and rc.patient_id = acts.patient_id
      where ${patientAbsenceReason(sql`acts.patient_id`, sql`acts.day`)} is null
      group by acts.patient_id, acts.type_id
    )
    select pt.id as paziente, pt.first_name || ' ' || pt.last_name as nome, r.type_id as tipo, t.name as tipo_nome,
           r.sessions, r.minutes, coalesce(c.pianificate, 0) as pianificate, coalesce(c.erogate, 0) as erogate,
           coalesce(c.minuti_pianificati, 0) as minuti_pianificati, coalesce(c.minuti_erogati, 0) as minuti_erogati,
           coalesce(c.pianificate_passate, 0) as pianificate_passate, coalesce(c.erogate_passate, 0) as erogate_passate
    from patients pt
    join (select distinct patient_id from plans) pp on pp.patient_id = pt.id
    left join rows r on r.patient_id = pt.id
    left join activity_types t on t.id = r.type_id
    left join counted c on c.patient_id = r.patient_id and c.type_id = r.type_id
    order by pt.last_name, pt.first_name, pt.id, r.start_day desc, r.position, r.type_id`;
}
