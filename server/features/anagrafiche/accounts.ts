/**
 * Sign-in accounts. The centre can never be left without an administrator:
 * revoking or disabling the last active one is refused, checked under a row
 * lock so that two administrators demoting each other cannot both succeed.
 */
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ANAGRAFICHE_MSG as M, type AccountRecord, type accountCreateSchema } from '../../../common/anagrafiche.ts';
import type { User } from '../../../common/schemas.ts';
import { accountJson, appendAudit, auditRecord, type Actor } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { lockAdministrators } from '../../db/locks.ts';
import { refuseViolations } from '../../db/queries.ts';
import { users } from '../../db/schema.ts';
import { storeNewPassword } from '../../db/credentials.ts';
import { destroyUserSessions } from '../../db/sessions.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { hashPassword, requireStrongPassword } from '../../lib/passwords.ts';

export async function listAccounts(db: Db): Promise<AccountRecord[]> {
  return db
    .select({ ID: users.id, username: users.username, Admin: users.admin, Disattivato: users.disabled })
    .from(users)
    .orderBy(asc(users.username));
}

export async function createAccount(db: Db, by: Actor, input: z.output<typeof accountCreateSchema>) {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await refuseViolations(
      () => tx.insert(users).values({ username: input.username, passwordHash, admin: input.Admin }).returning({ id: users.id }),
      { duplicate: M.accountDuplicate },
    );
    await appendAudit(tx, by, {
      action: 'account.crea',
      entity: 'account',
      entityId: row.id,
      after: sql`json_build_object('account', ${accountJson(row.id)}, 'admin', ${input.Admin}::int)`,
    });
    return { insertId: row.id };
  });
}

/**
 * A new password ends the account's sessions and its calendar links (server/db/credentials.ts):
 * whoever knew the old one is signed out. The registro names the account, never the password.
 */
export async function resetPassword(db: Db, by: Actor, id: number, password: string) {
  const [account] = await db.select({ username: users.username }).from(users).where(eq(users.id, id));
  if (!account) throw notFound(M.accountNotFound);
  requireStrongPassword(password, account.username);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    if (!(await storeNewPassword(tx, id, passwordHash))) throw notFound(M.accountNotFound);
    await auditRecord(tx, by, { action: 'account.password', entity: 'account', id, json: accountJson });
  });
  return { ok: true };
}

/** Whether another active administrator would remain once `id` stops being one (rows locked until commit). */
async function anotherActiveAdmin(tx: Db, id: number): Promise<boolean> {
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(gt(users.admin, 0), eq(users.disabled, false), ne(users.id, id)))
    .for('update');
  return others.length > 0;
}

export async function setAdmin(db: Db, actor: User, id: number, admin: number) {
  if (id === actor.ID && admin === 0) throw conflict(M.selfRevoke);
  return db.transaction(async (tx) => {
    await lockAdministrators(tx);
    const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!target) throw notFound(M.accountNotFound);
    if (admin === 0 && target.admin > 0 && !target.disabled && !(await anotherActiveAdmin(tx, id))) throw conflict(M.lastAdmin);
    await tx.update(users).set({ admin }).where(eq(users.id, id));
    await appendAudit(tx, actor, {
      action: 'account.ruolo',
      entity: 'account',
      entityId: id,
      before: { admin: target.admin },
      after: sql`json_build_object('account', ${accountJson(id)}, 'admin', ${admin}::int)`,
    });
    return { ok: true };
  });
}

export async function setDisabled(db: Db, actor: User, id: number, disabled: boolean) {
  if (id === actor.ID && disabled) throw conflict(M.selfDisable);
  await db.transaction(async (tx) => {
    await lockAdministrators(tx);
    const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!target) throw notFound(M.accountNotFound);
    if (disabled && target.admin > 0 && !target.disabled && !(await anotherActiveAdmin(tx, id))) throw conflict(M.lastAdmin);
    await tx.update(users).set({ disabled }).where(eq(users.id, id));
    if (disabled) await destroyUserSessions(tx, id);
    await appendAudit(tx, actor, {
      action: disabled ? 'account.disattiva' : 'account.riattiva',
      entity: 'account',
      entityId: id,
      before: { disattivato: target.disabled },
      after: sql`json_build_object('account', ${accountJson(id)})`,
    });
  });
  return { ok: true };
}
