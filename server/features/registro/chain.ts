/**
 * The hash chain of the registro and of the access log (docs/decisions/0023-audit-hash-chain.md;
 * the trigger that writes it is in migration 0016). Checking walks a table in id order, a batch at
 * a time: the database recomputes each row's hash (audit_chain_hash over the table's content function,
 * the same SQL the trigger ran) and answers per batch only its count, its last row and the first row
 * that does not hold, so memory stays flat whatever the table's size.
 */
import { sql } from 'drizzle-orm';
import type { ChainCheckAnswer, ChainPart, ChainTable } from '../../../common/audit.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

export const CHAIN_BATCH = 5000;
/** Rows of each table the check at start and every day covers: the newest. */
export const CHAIN_TAIL_ROWS = 1000;
export const CHAIN_CHECK_EVERY_MS = 24 * 3600_000;

const TABLES: Record<ChainTable, { table: 'audit_log' | 'access_log'; content: string }> = {
  registro: { table: 'audit_log', content: 'audit_log_content' },
  accessi: { table: 'access_log', content: 'access_log_content' },
};

interface BatchRow {
  n: number;
  last_id: string | number | null;
  last_hash: string | null;
  broken: string | number | null;
  before_gone: boolean;
}

/**
 * Checks one table's rows from `fromId` (its oldest row when absent) to the newest. A row is broken
 * when its hash is not the hash of its content and previous hash, or its `prev_hash` is not the hash
 * of the row before it (a row deleted, inserted with triggers off, or rehashed). The first row
 * checked has no row before it to compare with: its own hash is checked, its link is not (the rows
 * before it were purged, or are outside the tail).
 */
export async function checkChain(db: Db, which: ChainTable, options: { fromId?: number; batch?: number } = {}): Promise<ChainPart> {
  const { table, content } = TABLES[which];
  const batch = options.batch ?? CHAIN_BATCH;
  const t = sql.identifier(table);
  const fn = sql.identifier(content);
  let after = (options.fromId ?? 1) - 1;
  let prev: string | null = null;
  let first = true;
  const part: ChainPart = { righe: 0, primaRigaAlterata: null, ultimaImpronta: null };
  for (;;) {
    const result: BatchRow[] = await rowsOf<BatchRow>(
      db,
      sql`
      with b as (
        select r.id, r.hash, r.prev_hash, audit_chain_hash(r.prev_hash, ${fn}(r)) as calc,
               lag(r.hash) over (order by r.id) as before
        from (select * from ${t} where id > ${after} order by id limit ${batch}) r)
      select count(*)::int as n, max(id) as last_id,
             (select hash from b order by id desc limit 1) as last_hash,
             min(id) filter (where hash is distinct from calc
               or (before is not null and prev_hash is distinct from before)
               or (before is null and not ${first}::boolean and prev_hash is distinct from ${prev}::text)) as broken,
             (not ${first}::boolean and not exists (select 1 from ${t} where id = ${after})) as before_gone
      from b`,
    );
    const row = result[0];
    if (row.before_gone) {
      // The row before this batch was purged since the last batch (the purge takes the oldest rows):
      // the chain starts again here, as at the first row checked.
      first = true;
      continue;
    }
    if (row.n === 0) break;
    part.righe += row.n;
    if (part.primaRigaAlterata === null && row.broken !== null) part.primaRigaAlterata = Number(row.broken);
    after = Number(row.last_id);
    prev = row.last_hash;
    part.ultimaImpronta = row.last_hash;
    first = false;
    if (row.n < batch) break;
  }
  return part;
}

/** The id from which the newest `rows` rows of a table start (undefined when it has fewer). */
async function tailStart(db: Db, which: ChainTable, rows: number): Promise<number | undefined> {
  const result = await rowsOf<{ id: string | number }>(
    db,
    sql`
    select id from ${sql.identifier(TABLES[which].table)} order by id desc offset ${rows - 1} limit 1`,
  );
  return result[0] === undefined ? undefined : Number(result[0].id);
}

/** Both chains, whole (GET /server/registro/verifica) or only their newest `tail` rows each. */
export async function checkChains(db: Db, options: { tail?: number; batch?: number } = {}): Promise<ChainCheckAnswer> {
  const parts = {} as Record<ChainTable, ChainPart>;
  for (const which of ['registro', 'accessi'] as const) {
    const fromId = options.tail === undefined ? undefined : await tailStart(db, which, options.tail);
    parts[which] = await checkChain(db, which, { fromId, batch: options.batch });
  }
  const tabellaAlterata: ChainTable | null =
    parts.registro.primaRigaAlterata !== null ? 'registro' : parts.accessi.primaRigaAlterata !== null ? 'accessi' : null;
  return {
    integro: tabellaAlterata === null,
    righe: parts.registro.righe + parts.accessi.righe,
    primaRigaAlterata: tabellaAlterata === null ? null : parts[tabellaAlterata].primaRigaAlterata,
    tabellaAlterata,
    registro: parts.registro,
    accessi: parts.accessi,
  };
}
