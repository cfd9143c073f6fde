/**
 * Verifiche in scadenza (GET /server/progetti/scadenze): the progetti still in course whose review date falls within
 * the next `entro` days or is already past, and those ending within `entro` days; oldest first, archived utenti left
 * out, at most MAX_DEADLINES of each.
 */
import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '../../../common/dates.ts';
import type { ScadenzaVoce, Scadenze } from '../../../common/progetti.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

export const MAX_DEADLINES = 500;

export async function deadlines(db: Db, entro: number, today: string): Promise<Scadenze> {
  const until = addDays(today, entro);
  const list = async (column: SQL, where: SQL) => {
    const rows = await rowsOf<ScadenzaVoce>(
      db,
      sql`
      select p.id as progetto, p.patient_id as paziente, pt.first_name || ' ' || pt.last_name as nome, ${column}::text as data
      from care_plans p join patients pt on pt.id = p.patient_id
      where not pt.archived and (p.end_day is null or p.end_day >= ${today}::date) and ${where}
      order by ${column}, pt.last_name, pt.first_name, p.id
      limit ${MAX_DEADLINES}`,
    );
    return rows;
  };
  return {
    entro,
    verifiche: await list(sql`p.review_day`, sql`p.review_day <= ${until}::date`),
    fine: await list(sql`p.end_day`, sql`p.end_day is not null and p.end_day <= ${until}::date`),
  };
}
