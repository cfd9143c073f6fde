/**
 * The one table from a kind as the wire names it to the Italian word people read (docs/glossary.md):
 * `paziente` is an utente, `terapista` an operatore, `utenti` (the table) an account; `uscita` is only a
 * minibus run. Screens, prints, file names, messages and the registro's sentences all take their word
 * from here, on both sides.
 */
export const KIND_WORDS = {
  paziente: 'utente',
  terapista: 'operatore',
  stanza: 'stanza',
  attivita: 'attività',
  uscita: 'uscita',
  account: 'account',
} as const;

export type WordKind = keyof typeof KIND_WORDS;

/** "utente", "operatore", …: the word in the middle of a sentence. */
export const kindWord = (kind: WordKind): string => KIND_WORDS[kind];

/** "Utente", "Operatore", …: the word as a label or a column's heading. */
export const kindLabel = (kind: WordKind): string => KIND_WORDS[kind].charAt(0).toUpperCase() + KIND_WORDS[kind].slice(1);

/** "l’utente", "l’operatore", "la stanza", …: the word with its article. */
export const kindWithArticle = (kind: WordKind): string => {
  const word = KIND_WORDS[kind];
  return /^[aeiou]/i.test(word) ? `l’${word}` : `la ${word}`;
};
