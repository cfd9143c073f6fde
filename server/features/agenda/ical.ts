/**
 * The therapists' calendar feed (docs/decisions/0015-ical-feed.md): a secret URL per therapist,
 * made, regenerated and revoked by an administrator or the account linked to that therapist.
 * The token is 32 random bytes (base64url); only its SHA-256 is stored. A link dies with its
 * access (docs/decisions/0019-calendar-links.md): the therapist archived or linked to another
 * account, the account that made it or the therapist's account disabled (triggers of
 * drizzle/0013_feed_links_die_with_access.sql) or given a new password (server/db/credentials.ts),
 * and ICAL_UNUSED_DAYS without use.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { addDays, todayInRome } from '../../../common/dates.ts';
import { operatoreLabel } from '../../../common/people.ts';
import {
  AGENDA_MSG,
  ICAL_DAYS_AHEAD,
  ICAL_DAYS_BACK,
  ICAL_UNUSED_DAYS,
  type AgendaPerson,
  type IcalState,
} from '../../../common/agenda.ts';
import type { User } from '../../../common/schemas.ts';
import { appendAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { absences, activities, icalTokens, therapists } from '../../db/schema.ts';
import { readCentreSettings } from '../../db/settings.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import { conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { readAgendaItems } from './agenda.ts';
import { writeCalendar, type IcalEvent } from './ical-text.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** 32 random bytes, base64url: 43 characters, 256 bits. */
const newFeedToken = () => randomBytes(32).toString('base64url');
export const FEED_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export const feedUrl = (token: string) => `/server/ical/${token}.ics`;

/** The therapist, when the user may manage its feed: an administrator, or the account linked to it. */
export async function requireFeedOwner(db: Db, user: User, therapistId: number) {
  const [row] = await db
    .select({ id: therapists.id, userId: therapists.userId, username: therapists.username, archived: therapists.archived })
    .from(therapists)
    .where(eq(therapists.id, therapistId));
  if (user.Admin <= 0 && (!row || row.userId !== user.ID)) throw forbidden(AGENDA_MSG.icalNotAllowed, ERROR_CODES.adminOnly);
  if (!row) throw notFound(AGENDA_MSG.therapistNotFound);
  return row;
}

/** Makes the therapist's token, or a new one in place of the old (whose URL stops working). */
export async function makeToken(db: Db, by: User, therapistId: number): Promise<{ url: string }> {
  const therapist = await requireFeedOwner(db, by, therapistId);
  // Archiving ends a link; one made for an archived therapist would outlive that rule.
  if (therapist.archived) throw conflict(AGENDA_MSG.icalArchived);
  const token = newFeedToken();
  const tokenHash = hashToken(token);
  await db.transaction(async (tx) => {
    const [previous] = await tx.select({ id: icalTokens.therapistId }).from(icalTokens).where(eq(icalTokens.therapistId, therapistId));
    await tx
      .insert(icalTokens)
      .values({ therapistId, tokenHash, createdBy: by.ID })
      .onConflictDoUpdate({
        target: icalTokens.therapistId,
        set: { tokenHash, createdBy: by.ID, createdAt: new Date(), lastUsedAt: null },
      });
    await appendAudit(tx, by, {
      action: 'calendario.crea',
      entity: 'terapista',
      entityId: therapistId,
      therapists: [therapistId],
      after: { rigenerato: previous !== undefined },
    });
  });
  return { url: feedUrl(token) };
}

export async function revokeToken(db: Db, by: User, therapistId: number): Promise<{ ok: true }> {
  await requireFeedOwner(db, by, therapistId);
  await db.transaction(async (tx) => {
    await tx.delete(icalTokens).where(eq(icalTokens.therapistId, therapistId));
    await appendAudit(tx, by, { action: 'calendario.revoca', entity: 'terapista', entityId: therapistId, therapists: [therapistId] });
  });
  return { ok: true };
}

/** When a link made at `createdAt` and last used at `lastUsedAt` stops working unless used again. */
export function expiryOf(row: { createdAt: Date; lastUsedAt: Date | null }): Date {
  return new Date((row.lastUsedAt ?? row.createdAt).getTime() + ICAL_UNUSED_DAYS * 86_400_000);
}

export async function tokenState(db: Db, by: User, therapistId: number, now = new Date()): Promise<IcalState> {
  await requireFeedOwner(db, by, therapistId);
  const [stored] = await db.select().from(icalTokens).where(eq(icalTokens.therapistId, therapistId));
  const row = stored && expiryOf(stored) > now ? stored : undefined;
  return {
    attivo: row !== undefined,
    creato: row?.createdAt.toISOString() ?? null,
    ultimouso: row?.lastUsedAt?.toISOString() ?? null,
    scade: row ? expiryOf(row).toISOString() : null,
  };
}

/** "M. R.": what the feed shows of a patient when the centre chose initials. */
export function initials(person: Pick<AgendaPerson, 'nome' | 'cognome'>): string {
  const first = (text: string) => {
    const letter = [...text.trim()][0];
    return letter ? `${letter.toUpperCase()}.` : '';
  };
  return [first(person.nome), first(person.cognome)].filter(Boolean).join(' ');
}

export interface Feed {
  text: string;
  therapistId: number;
  username: string;
  userId: number | null;
  from: string;
  to: string;
}

/** "3 utenti": all the feed shows of a slot's patients unless the centre chose initials. */
export const patientCount = (count: number) => (count === 1 ? '1 utente' : `${count} utenti`);

/** "Operatori: stefano.villa (assente)": who else is in the slot; an absent person marked, never the reason. */
const marked = (name: string, person: AgendaPerson) => (person.assente ? `${name} (assente)` : name);

/** "3 utenti (1 assente)": the count form says how many of them are absent that day. */
function countLine(people: AgendaPerson[]): string {
  const absent = people.filter((p) => p.assente).length;
  return absent === 0
    ? patientCount(people.length)
    : `${patientCount(people.length)} (${absent === 1 ? '1 assente' : `${absent} assenti`})`;
}

/**
 * The therapist's own absences touching the feed's days, each one all-day event "Assenza" over its
 * dates (docs/decisions/0030-absences-in-agenda-and-feed.md): her activities and runs of those days are
 * left out of the feed, so that her phone does not remind her of slots she is not working.
 */
export const ABSENCE_SUMMARY = 'Assenza';
export const ABSENCE_DESCRIPTION = 'Giornata ti segna assente in questi giorni: le tue attività non sono in calendario.';

/** The feed of the token's therapist, or null for an unknown, revoked, ended or expired token (or an archived therapist). */
export async function readFeed(db: Db, token: string, now = new Date()): Promise<Feed | null> {
  if (!FEED_TOKEN_RE.test(token)) return null;
  const [owner] = await db
    .select({
      id: therapists.id,
      username: therapists.username,
      Nome: therapists.firstName,
      Cognome: therapists.lastName,
      userId: therapists.userId,
      archived: therapists.archived,
      createdAt: icalTokens.createdAt,
      lastUsedAt: icalTokens.lastUsedAt,
    })
    .from(icalTokens)
    .innerJoin(therapists, eq(therapists.id, icalTokens.therapistId))
    .where(eq(icalTokens.tokenHash, hashToken(token)));
  if (!owner || owner.archived) return null;
  if (expiryOf(owner) <= now) {
    await db.delete(icalTokens).where(eq(icalTokens.therapistId, owner.id));
    return null;
  }
  await db.update(icalTokens).set({ lastUsedAt: now }).where(eq(icalTokens.therapistId, owner.id));

  const today = todayInRome(now);
  const from = addDays(today, -ICAL_DAYS_BACK);
  const to = addDays(today, ICAL_DAYS_AHEAD);
  const [settings, items, ownAbsences] = await Promise.all([
    readCentreSettings(db),
    readAgendaItems(db, 'terapista', owner.id, from, to),
    db
      .select({ id: absences.id, dal: absences.startDay, al: absences.endDay })
      .from(absences)
      .where(and(eq(absences.therapistId, owner.id), lte(absences.startDay, to), gte(absences.endDay, from)))
      .orderBy(asc(absences.startDay)),
  ]);
  const activityIds = items.filter((i) => i.tipo === 'attivita').map((i) => i.ID);
  const versions = new Map<number, number>();
  if (activityIds.length > 0) {
    const rows = await db
      .select({ id: activities.id, version: activities.version })
      .from(activities)
      .where(inArray(activities.id, activityIds));
    for (const row of rows) versions.set(row.id, row.version);
  }
  // Never full names: the feed lands on the servers of the phone's calendar (docs/decisions/0019-calendar-links.md).
  const patientsLine = (people: AgendaPerson[]) =>
    settings.icalInitials ? `Utenti: ${people.map((p) => marked(initials(p), p)).join(', ')}` : countLine(people);

  // Her own absence days: their slots are left out (the voce is marked `assente` by the agenda's rule, the same absences).
  const working = items.filter((item) => !item.assente);
  const absenceEvents: IcalEvent[] = ownAbsences.map((a) => ({
    // The dates in the UID: an absence edited becomes a new event and the old one leaves the calendar.
    uid: `assenza-${a.id}-${a.dal}-${a.al}@giornata`,
    day: a.dal,
    allDayUntil: a.al,
    start: '00:00',
    end: '24:00',
    summary: ABSENCE_SUMMARY,
    location: '',
    description: ABSENCE_DESCRIPTION,
    sequence: 0,
  }));
  const events: IcalEvent[] = working.map((item) => {
    const description = [
      item.utenti.length > 0 ? patientsLine(item.utenti) : '',
      item.operatori.length > 0 ? `Operatori: ${item.operatori.map((o) => marked(o.nome, o)).join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('\n');
    return item.tipo === 'attivita'
      ? {
          uid: `attivita-${item.ID}@giornata`,
          day: item.data,
          start: item.inizio,
          end: item.fine,
          summary: item.nome,
          location: item.stanza,
          description,
          sequence: Math.max(0, (versions.get(item.ID) ?? 1) - 1),
        }
      : {
          uid: `uscita-${item.ID}-${item.data}@giornata`,
          day: item.data,
          start: item.inizio,
          end: item.fine,
          summary: `Uscita ${item.nome}`,
          location: item.mezzo,
          description,
          sequence: 0,
        };
  });
  const text = writeCalendar({
    name: `${settings.centreName}: ${operatoreLabel(owner)}`,
    stamp: now,
    events: [...absenceEvents, ...events],
  });
  return { text, therapistId: owner.id, username: owner.username, userId: owner.userId, from, to };
}
