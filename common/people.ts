/** How people are named on screens and prints, and when two names are the same person's name. */

/** An operatore as the answers carry them: `Nome` and `Cognome` are '' (or absent) when not set. */
export interface NamedOperatore {
  username: string;
  Nome?: string;
  Cognome?: string;
}

/** "Laura Fontana" where the operatore's name is set, else the username ("laura.fontana"). */
export function operatoreLabel(t: NamedOperatore): string {
  const name = `${t.Nome ?? ''} ${t.Cognome ?? ''}`.trim();
  return name === '' ? t.username : name;
}

/**
 * A name folded as searches compare it (the SQL function giornata_search_key, drizzle/0019): lower
 * case, no accents nor apostrophes, a doubled letter once. "Niccolò" and "Nicolo" fold alike.
 */
export function nameKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`´]/g, '')
    .replace(/(.)\1+/gu, '$1')
    .trim();
}

/** Whether two people carry the same name and surname, accents, case and doubled letters aside. */
export const sameName = (a: { Nome: string; Cognome: string }, b: { Nome: string; Cognome: string }) =>
  nameKey(a.Nome) === nameKey(b.Nome) && nameKey(a.Cognome) === nameKey(b.Cognome);
