/**
 * The name of the person a filter is on, as chosen in the search dialog. The URL carries only the
 * id (no name in addresses or history); the name is kept for this tab's session, and reads
 * "utente n. 4" when the page was opened from a link.
 */
import { kindWord } from '../../../common/words.ts';
import type { PersonKind } from '../../lib/people-search.ts';

const KEY = 'giornata.registro.persone';

function stored(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function rememberPersonName(kind: PersonKind, id: number, name: string) {
  sessionStorage.setItem(KEY, JSON.stringify({ ...stored(), [`${kind}:${id}`]: name }));
}

export const personName = (kind: PersonKind, id: number) => stored()[`${kind}:${id}`] ?? `${kindWord(kind)} n. ${id}`;
