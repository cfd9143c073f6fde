/**
 * The day kept by Copia Giornata, shown as "Copiata: lunedì 23-11". Kept in the browser's local storage under the
 * account's number, for 8 hours: a reload and the other tabs of the same browser signed in to the same account see it
 * (the `storage` event tells them at once); another account does not. Only a date and an expiry are stored. Where
 * storage is blocked the copy lives in this page only.
 */
import { useEffect, useState } from 'react';
import { WEEKDAYS_IT, isPlanDate, weekdayOf } from '../../../common/dates.ts';
import { isTemplateDay } from '../../../common/template-days.ts';

export const COPIED_DAY_HOURS = 8;
const LIFETIME_MS = COPIED_DAY_HOURS * 60 * 60 * 1000;
const keyOf = (accountId: number) => `giornata:giornata-copiata:${accountId}`;

interface Stored {
  day: string;
  /** Epoch milliseconds after which the copy is forgotten. */
  until: number;
}

const parse = (raw: string | null, now: number): Stored | null => {
  try {
    const stored = JSON.parse(raw ?? 'null') as Partial<Stored> | null;
    if (!stored || typeof stored.day !== 'string' || !isPlanDate(stored.day) || typeof stored.until !== 'number') return null;
    // An expiry beyond the lifetime is not one this app wrote.
    return stored.until > now && stored.until <= now + LIFETIME_MS ? { day: stored.day, until: stored.until } : null;
  } catch {
    return null;
  }
};

export function loadCopiedDay(accountId: number, now = Date.now()): Stored | null {
  try {
    const key = keyOf(accountId);
    const stored = parse(localStorage.getItem(key), now);
    if (!stored) localStorage.removeItem(key);
    return stored;
  } catch {
    return null;
  }
}

export function saveCopiedDay(accountId: number, day: string | null, now = Date.now()): void {
  try {
    const key = keyOf(accountId);
    if (day) localStorage.setItem(key, JSON.stringify({ day, until: now + LIFETIME_MS } satisfies Stored));
    else localStorage.removeItem(key);
  } catch {
    // Storage blocked or full: the copy stays in this page's state.
  }
}

/**
 * The copied day of the signed-in account and its setter: follows the other tabs' Copia Giornata and X, and forgets the
 * copy when its 8 hours are over, without a reload.
 */
export function useCopiedDay(accountId: number | undefined): [string | null, (day: string | null) => void] {
  const [stored, setStored] = useState<Stored | null>(() => (accountId === undefined ? null : loadCopiedDay(accountId)));

  useEffect(() => {
    if (accountId === undefined) return setStored(null);
    setStored(loadCopiedDay(accountId));
    const onStorage = (e: StorageEvent) => {
      if (e.key === keyOf(accountId) || e.key === null) setStored(loadCopiedDay(accountId));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [accountId]);

  useEffect(() => {
    if (!stored) return;
    const timer = setTimeout(() => setStored(null), Math.max(0, stored.until - Date.now()));
    return () => clearTimeout(timer);
  }, [stored]);

  const set = (day: string | null) => {
    if (accountId !== undefined) saveCopiedDay(accountId, day);
    setStored(day ? { day, until: Date.now() + LIFETIME_MS } : null);
  };
  return [stored?.day ?? null, set];
}

/** "lunedì 23-11": the weekday in lower case, then day and month; "martedì del modello" for a template day. */
export function shortDayLabel(day: string): string {
  const weekday = WEEKDAYS_IT[weekdayOf(day)].toLowerCase();
  // A template day's date is a reserved one that means nothing to a coordinator: its weekday names it.
  if (isTemplateDay(day)) return `${weekday} del modello`;
  const [, month, date] = day.split('-');
  return `${weekday} ${date}-${month}`;
}

/** "1 attività", "12 attività"; "1 uscita", "3 uscite". */
export const countActivities = (n: number) => `${n} attività`;
export const countRuns = (n: number) => (n === 1 ? '1 uscita' : `${n} uscite`);
