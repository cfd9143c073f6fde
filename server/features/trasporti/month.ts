/**
 * Trasporti del mese (issue 30): what an ASL reimburses. A trip is one utente on one run of the month who is not
 * absent that day (Presenze: an absence or the roll call's absent mark; the present mark wins, as everywhere:
 * server/db/absence-sql.ts); a run departing before 12:00 is an andata, from 12:00 a ritorno. One query.
 */
import { sql } from 'drizzle-orm';
import { ANDATA_BEFORE, type TrasportiMese } from '../../../common/trasporti.ts';
import { patientAbsenceReason } from '../../db/absence-sql.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

interface Row {
  kind: 'utente' | 'mezzo';
  id: number;
  nome: string;
  cognome: string;
  andata: number;
  ritorno: number;
  uscite: number;
}

export async function tripsOfMonth(db: Db, month: string): Promise<TrasportiMese> {
  const first = `${month}-01`;
  const result = await rowsOf<Row>(
    db,
    sql`
    with runs as (
      select r.id, r.day, r.minibus, r.departure < ${ANDATA_BEFORE}::time as andata
      from transport_runs r
      where r.day >= ${first}::date and r.day < (${first}::date + interval '1 month')::date
    ),
    trips as (
      select tp.patient_id, runs.minibus, runs.andata
      from runs join transport_patients tp on tp.run_id = runs.id
      where ${patientAbsenceReason(sql`tp.patient_id`, sql`runs.day`)} is null
    )
    select 'utente' as kind, p.id, p.first_name as nome, p.last_name as cognome,
           count(*) filter (where t.andata)::int as andata, count(*) filter (where not t.andata)::int as ritorno, 0 as uscite
    from trips t join patients p on p.id = t.patient_id
    group by p.id
    union all
    select 'mezzo', m.id, m.name, '',
           coalesce((select count(*) filter (where t.andata) from trips t where t.minibus = m.id), 0)::int,
           coalesce((select count(*) filter (where not t.andata) from trips t where t.minibus = m.id), 0)::int,
           (select count(*) from runs where runs.minibus = m.id)::int
    from mezzi m where exists (select 1 from runs where runs.minibus = m.id)`,
  );
  const utenti = result
    .filter((r) => r.kind === 'utente')
    .map((r) => ({
      RifPaziente: r.id,
      Nome: r.nome,
      Cognome: r.cognome,
      andata: r.andata,
      ritorno: r.ritorno,
      totale: r.andata + r.ritorno,
    }))
    .sort((a, b) => a.Cognome.localeCompare(b.Cognome, 'it') || a.Nome.localeCompare(b.Nome, 'it') || a.RifPaziente - b.RifPaziente);
  const mezzi = result
    .filter((r) => r.kind === 'mezzo')
    .map((r) => ({ ID: r.id, Nome: r.nome, andata: r.andata, ritorno: r.ritorno, totale: r.andata + r.ritorno, uscite: r.uscite }))
    .sort((a, b) => a.Nome.localeCompare(b.Nome, 'it') || a.ID - b.ID);
  const andata = utenti.reduce((n, u) => n + u.andata, 0);
  const ritorno = utenti.reduce((n, u) => n + u.ritorno, 0);
  return { mese: month, utenti, mezzi, totale: { andata, ritorno, totale: andata + ritorno } };
}
