/**
 * Marking an abusive account's rows (docs/decisions/0022-coalesced-access-log.md): nothing is
 * changed or deleted; one registro row `account.segnala` names the account, and every row of the
 * registro and of the access log made by that account up to that row's time shows as marked
 * ("segnalato come abuso") in the registro and in "Accessi a". The mark is itself a row of the
 * registro (who marked, when, why), append-only like the rest. Made by an administrator through
 * `POST /server/registro/segnala` or `npm run users -- segnala <username>`.
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AUDIT_MSG } from '../../../common/audit.ts';
import { idSchema, safeText } from '../../../common/schemas.ts';
import { accountJson, appendAudit, type Actor } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import { rowsOf } from '../../db/rows.ts';

export const MARK_MOTIVE_MAX = 200;

const motivoSchema = safeText(AUDIT_MSG.markMotiveInvalid).trim().max(MARK_MOTIVE_MAX, AUDIT_MSG.markMotiveInvalid);

export const markBody = z.object({ ID: idSchema, motivo: motivoSchema.optional() });
export const markMotive = motivoSchema;

/** Marks the rows of account `id` made until now; answers the registro row's id and its time. */
export async function markAccount(db: Db, actor: Actor, id: number, motivo: string | undefined) {
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id));
    if (!target) throw notFound(AUDIT_MSG.markAccountNotFound);
    const operazione = await appendAudit(tx as unknown as Db, actor, {
      action: 'account.segnala',
      entity: 'account',
      entityId: id,
      after: sql`json_build_object('account', ${accountJson(id)}, 'motivo', ${motivo ?? ''}::text)`,
    });
    const [row] = await rowsOf<{ fino: string }>(
      tx,
      sql`select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as fino from audit_log where id = ${operazione}`,
    );
    return { ok: true as const, operazione, fino: row.fino };
  });
}
