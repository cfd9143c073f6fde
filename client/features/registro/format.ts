/** How the registro shows times and the values of its rows, in Italian (no raw JSON on screen or in a CSV). */
import { AUDIT_ACTIONS, dayLabel, type AccessKind, type AuditAction } from '../../../common/audit.ts';
import { KIND_WORDS, kindLabel, kindWord, type WordKind } from '../../../common/words.ts';
import { formatDate, isRealDate } from '../../../common/dates.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** dd/mm/yyyy HH:mm of an ISO time, in the browser's time zone (the centre's, Europe/Rome). */
export function formatWhen(iso: string): string {
  const d = new Date(iso);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * When an entry of "Accessi a" happened: one read as formatWhen; identical reads coalesced into
 * one entry (docs/decisions/0022-coalesced-access-log.md) as "12 letture, 23/11/2026 09:02–09:10"
 * (the last read's day too when it is another).
 */
export function formatAccessWhen(row: { quando: string; conteggio?: number; ultima?: string | null }): string {
  const count = row.conteggio ?? 1;
  if (count <= 1 || !row.ultima) return formatWhen(row.quando);
  const first = formatWhen(row.quando);
  const last = formatWhen(row.ultima);
  const sameDay = first.slice(0, 10) === last.slice(0, 10);
  return `${count} letture, ${first}–${sameDay ? last.slice(11) : last}`;
}

/** Said of an account whose rows an administrator marked as abusive (`npm run users -- segnala`). */
export const MARKED_LABEL = 'segnalato come abuso';

/** "23/11/2026", or "dal 23/11/2026 al 27/11/2026". */
export function formatPeriod(from: string | null, to: string | null): string {
  if (!from) return '';
  return to && to !== from ? `dal ${formatDate(from)} al ${formatDate(to)}` : formatDate(from);
}

export const actionLabel = (action: string) => AUDIT_ACTIONS[action as AuditAction] ?? action;

export const ACCESS_KIND_LABELS: Record<AccessKind, string> = {
  giornata: 'Giornata del calendario',
  settimana: 'Settimana (calendario o stampa)',
  paziente: 'Scheda o agenda dell’utente',
  ricerca: 'Ricerca di utenti',
  esportazione: 'Esportazione',
  presenze: 'Presenze',
  calendario: 'Calendario esterno di un operatore',
  conflitti: 'Conflitti del calendario',
  progetto: 'Progetto individuale',
  copertura: 'Copertura dei progetti',
  registro: 'Registro modifiche',
  accessi: 'Accessi all’utente',
};

export const ACCESS_REASON_LABELS = { diretto: 'diretto', giornata: 'nel piano del giorno' } as const;

// ---- A row's details: before → after as label/value pairs ----

const LABELS: Record<string, string> = {
  attivita: 'Attività',
  paziente: kindLabel('paziente'),
  terapista: kindLabel('terapista'),
  persona: 'Persona',
  uscita: kindLabel('uscita'),
  stanza: kindLabel('stanza'),
  account: kindLabel('account'),
  righe: 'Contenuto della giornata',
  esclusi: 'Lasciati fuori perché assenti',
  uscite: 'Uscite',
  utenti: 'Utenti',
  operatori: 'Operatori',
  nome: 'Nome',
  data: 'Giorno',
  inizio: 'Inizio',
  fine: 'Fine',
  tratta: 'Tratta',
  partenza: 'Partenza',
  arrivo: 'Arrivo',
  pulmino: 'Pulmino',
  cellulare: 'Cellulare',
  archiviato: 'Archiviato',
  archiviata: 'Archiviata',
  admin: 'Amministratore',
  disattivato: 'Disattivato',
  posizione: 'Posizione',
  direzione: 'Spostata',
  username: 'Username digitato',
  tipo: 'Tipo',
  dal: 'Dal',
  al: 'Al',
  motivo: 'Motivo',
  giustificata: 'Giustificata',
  note: 'Note',
  correzione: 'Motivo della correzione',
  rimossi: 'Attività e uscite da cui è stato tolto',
  giorni: 'Giorni',
  presente: 'Presente',
  mese: 'Mese',
  descrizione: 'Descrizione',
  operazione: 'Operazione annullata',
  azione: 'Tipo di operazione',
  da: 'Copiata da',
  a: 'Incollata su',
  gruppo: 'Parte dell’operazione n.',
  esistenti: 'Giornate già in programma',
};
/** Identifiers and technical values, of no use to a reader. */
const HIDDEN = new Set(['ID', 'versione', 'impronta']);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);
const label = (key: string) => LABELS[key] ?? key;
/** A bulk row's numbers ("attivita": 12) read as counts, not as an activity. */
const COUNTED = new Set(['attivita', 'uscite', 'utenti', 'operatori']);
const labelOf = (key: string, sample: unknown) =>
  COUNTED.has(key) && (typeof sample === 'number' || Array.isArray(sample)) ? `Numero di ${label(key).toLowerCase()}` : label(key);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One value as a reader wants it: names, days, "sì"/"no", counts. */
export function describeValue(value: unknown, key = ''): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'sì' : 'no';
  if (typeof value === 'number') {
    if (key === 'admin') return value > 0 ? 'sì' : 'no';
    if (key === 'operazione') return `n. ${value}`;
    if (key === 'da' || key === 'paziente') return `${key === 'da' ? 'attività' : 'utente'} n. ${value}`;
    return String(value);
  }
  if (typeof value === 'string') {
    if (isRealDate(value)) return dayLabel(value);
    if (key === 'azione') return actionLabel(value);
    if (key === 'direzione') return value === 'su' ? 'a sinistra' : 'a destra';
    if (key === 'tipo') return value in KIND_WORDS ? kindWord(value as WordKind) : value.replace(/_/g, ' ');
    return value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return 'nessuno';
    if (value.every((v) => typeof v === 'number')) return String(value.length);
    return value.map((v) => (isObject(v) ? summary(v) : describeValue(v))).join(', ');
  }
  if (isObject(value)) return summary(value, key);
  return String(value);
}

/** A nested value in one phrase: an activity, a run, a day's counts, a person, a room, an account. */
function summary(value: Json, key = ''): string {
  const day = typeof value.data === 'string' && isRealDate(value.data) ? dayLabel(value.data) : '';
  if (key === 'righe')
    return [
      plural(Number(value.attivita ?? 0), 'attività', 'attività'),
      plural(Number(value.uscite ?? 0), 'uscita', 'uscite'),
      plural(Number(value.utenti ?? 0), 'utente', 'utenti'),
      plural(Number(value.operatori ?? 0), 'operatore', 'operatori'),
    ].join(', ');
  if (typeof value.tratta === 'string')
    return `${value.tratta}, ${day} ${String(value.partenza ?? '')}–${String(value.arrivo ?? '')}`.trim();
  if (typeof value.inizio === 'string')
    return `${String(value.nome ?? '?')}, ${day} ${value.inizio}–${String(value.fine ?? '')}${value.stanza ? `, ${String(value.stanza)}` : ''}`;
  if (typeof value.nome === 'string') return typeof value.motivo === 'string' ? `${value.nome} (${value.motivo})` : value.nome;
  const parts = Object.entries(value).filter(([k]) => !HIDDEN.has(k));
  return parts.map(([k, v]) => `${label(k)}: ${describeValue(v, k)}`).join(', ') || '—';
}

export interface DetailRow {
  label: string;
  prima: string;
  dopo: string;
  changed: boolean;
}

/** A day's contents first, then who, then where: the server's JSON does not keep the order its values were written in. */
const KEY_ORDER = ['righe', 'paziente', 'terapista', 'persona', 'account', 'stanza', 'attivita', 'uscita'];
const rank = (key: string) => (KEY_ORDER.includes(key) ? KEY_ORDER.indexOf(key) : KEY_ORDER.length);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A row's values before and after, as label/value pairs: a nested value changed on both sides
 * (an edited activity, a renamed utente) is shown field by field, else as one phrase; a bulk row's
 * day is its counts. Identifiers and fingerprints are left out.
 */
export function detailRows(prima: unknown, dopo: unknown): DetailRow[] {
  const before = isObject(prima) ? prima : {};
  const after = isObject(dopo) ? dopo : {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((k) => !HIDDEN.has(k))
    .sort((a, b) => rank(a) - rank(b));
  return keys.flatMap((key): DetailRow[] => {
    const b = before[key];
    const a = after[key];
    if (isObject(b) && isObject(a) && !same(b, a) && key !== 'righe') {
      const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !HIDDEN.has(k));
      return fields.map((field) => ({
        label: `${label(key)} · ${label(field).toLowerCase()}`,
        prima: describeValue(b[field], field),
        dopo: describeValue(a[field], field),
        changed: !same(b[field], a[field]),
      }));
    }
    return [
      {
        label: labelOf(key, b ?? a),
        prima: key in before ? describeValue(b, key) : '—',
        dopo: key in after ? describeValue(a, key) : '—',
        // A value on one side only (a bulk row's day before, its counts after) is information, not a change.
        changed: key in before && key in after && !same(b, a),
      },
    ];
  });
}
