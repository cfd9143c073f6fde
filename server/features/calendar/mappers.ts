/** From database rows to the wire's shapes (docs/product.md, Dati). */
import { toHourMinute } from '../../../common/dates.ts';
import type { Activity, TransportRun } from '../../../common/schemas.ts';
import type { activities, transportRuns } from '../../db/schema.ts';

export function toActivity(row: typeof activities.$inferSelect): Activity {
  return {
    ID: row.id,
    NomeAttivita: row.name,
    RifStanza: row.roomId ?? -1,
    Data: row.day,
    Giorno: row.weekday,
    OraInizio: toHourMinute(row.start),
    OraFine: toHourMinute(row.end),
    RifTrasporto: row.transportRunId ?? -1,
    RifTipo: row.typeId ?? -1,
  };
}

export function toTransportRun(row: typeof transportRuns.$inferSelect): TransportRun {
  return {
    ID: row.id,
    Tratta: row.route,
    Ora: toHourMinute(row.departure),
    OraArrivo: toHourMinute(row.arrival),
    RifPulmino: row.minibus,
    Data: row.day,
  };
}
