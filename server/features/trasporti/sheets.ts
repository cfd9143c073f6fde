/**
 * Fogli di marcia (issue 30): what a driver's sheet prints for each run of a day, and what an operatore's La mia
 * agenda shows of the runs she is on. The web app makes the PDF (client side, like the other prints). One query.
 */
import { sql } from 'drizzle-orm';
import type { Fogli, FoglioRun } from '../../../common/trasporti.ts';
import { operatoreLabel } from '../../../common/people.ts';
import { patientAbsenceReason, therapistAbsenceReason } from '../../db/absence-sql.ts';
import type { Db } from '../../db/client.ts';
import { readCentreSettings } from '../../db/settings.ts';
import { rowsOf } from '../../db/rows.ts';

interface RunRow {
  ID: number;
  Tratta: string;
  Ora: string;
  OraArrivo: string;
  Mezzo: FoglioRun['Mezzo'];
  fermate: FoglioRun['fermate'];
  staff: { RifTerapista: number; username: string; Nome: string; Cognome: string; driver: boolean; Assente?: true; Motivo?: string }[];
}

/** `onlyTherapist`: the runs that operatore is on (a non-administrator's call); null: every run of the day. */
export async function readFogli(db: Db, day: string, onlyTherapist: number | null | 'none'): Promise<Fogli> {
  const settings = await readCentreSettings(db);
  if (onlyTherapist === 'none') return { data: day, centro: settings.centreName, uscite: [] };
  const mine =
    onlyTherapist === null
      ? sql`true`
      : sql`exists (select 1 from transport_therapists x where x.run_id = r.id and x.therapist_id = ${onlyTherapist})`;
  const result = await rowsOf<{ doc: string }>(
    db,
    sql`
    select coalesce(json_agg(json_build_object(
      'ID', r.id, 'Tratta', r.route, 'Ora', left(r.departure::text, 5), 'OraArrivo', left(r.arrival::text, 5),
      'Mezzo', json_build_object('ID', m.id, 'Nome', m.name, 'posti', m.seats, 'postiCarrozzina', m.wheelchair_seats,
                                 'colore', m.colour, 'Targa', m.plate),
      'fermate', coalesce((
        select json_agg(stop order by stop_order) from (
          select row_number() over (order by tp.position, tp.patient_id)::int as stop_order,
                 json_strip_nulls(json_build_object(
                   'Ordine', row_number() over (order by tp.position, tp.patient_id),
                   'OraFermata', left(tp.stop_time::text, 5), 'RifPaziente', p.id, 'Nome', p.first_name, 'Cognome', p.last_name,
                   'Indirizzo', p.address, 'Carrozzina', p.wheelchair, 'Cellulare', p.mobile, 'NoteTrasporto', p.transport_notes,
                   'Assente', case when a.reason is null then null else true end, 'Motivo', a.reason)) as stop
          from transport_patients tp join patients p on p.id = tp.patient_id
          cross join lateral (select ${patientAbsenceReason(sql`p.id`, sql`r.day`)} as reason) a
          where tp.run_id = r.id) stops), '[]'::json),
      'staff', coalesce((
        select json_agg(json_strip_nulls(json_build_object('RifTerapista', t.id, 'username', t.username, 'Nome', t.first_name,
                 'Cognome', t.last_name, 'driver', tt.driver, 'Assente', case when a.reason is null then null else true end,
                 'Motivo', a.reason)) order by t.username)
        from transport_therapists tt join therapists t on t.id = tt.therapist_id
        cross join lateral (select ${therapistAbsenceReason(sql`t.id`, sql`r.day`)} as reason) a
        where tt.run_id = r.id), '[]'::json)
    ) order by r.departure, r.id), '[]'::json)::text as doc
    from transport_runs r join mezzi m on m.id = r.minibus
    where r.day = ${day}::date and ${mine}`,
  );
  const runs = JSON.parse(result[0].doc) as RunRow[];
  return {
    data: day,
    centro: settings.centreName,
    uscite: runs.map(({ staff, fermate, ...run }) => {
      const person = (t: RunRow['staff'][number]) => ({
        RifTerapista: t.RifTerapista,
        nome: operatoreLabel(t),
        ...(t.Assente ? { Assente: true as const, Motivo: t.Motivo as FoglioRun['fermate'][number]['Motivo'] } : {}),
      });
      const driver = staff.find((t) => t.driver);
      // OraFermata is null when not set: json_strip_nulls took it out.
      return {
        ...run,
        autista: driver ? person(driver) : null,
        operatori: staff.filter((t) => !t.driver).map(person),
        fermate: fermate.map((f) => ({ ...f, OraFermata: f.OraFermata ?? null })),
      };
    }),
  };
}
