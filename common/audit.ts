/**
 * Registro modifiche and access log (docs/api.md, Registro; docs/decisions/0011-audit-log.md):
 * the actions a row may record, the query contracts, and the one function that turns a row
 * into the Italian sentence the screen and every CSV show. Pure: no I/O.
 */
import { z } from 'zod';
import { MSG } from './messages.ts';
import { daysInRange, formatDayMonthYear, MONTHS_IT } from './dates.ts';
import { dateSchema, idSchema, okField } from './schemas.ts';

/** Every action of the registro, with how the filter names it. */
export const AUDIT_ACTIONS = {
  'attivita.crea': 'Attività creata',
  'attivita.modifica': 'Attività modificata',
  'attivita.elimina': 'Attività eliminata',
  'attivita.copia': 'Attività copiata',
  'paziente.aggiungi': 'Utente aggiunto a un’attività',
  'paziente.togli': 'Utente tolto da un’attività',
  'terapista.aggiungi': 'Operatore aggiunto a un’attività',
  'terapista.togli': 'Operatore tolto da un’attività',
  'giornata.svuota': 'Giornata svuotata',
  'giornata.incolla': 'Giornata incollata',
  'giornata.annulla': 'Operazione annullata',
  'modello.applica': 'Modello di settimana applicato',
  'settimana.incolla': 'Settimana incollata',
  'anagrafica.paziente.crea': 'Utente aggiunto all’anagrafica',
  'anagrafica.paziente.modifica': 'Anagrafica utente modificata',
  'anagrafica.paziente.archivia': 'Utente archiviato',
  'anagrafica.paziente.ripristina': 'Utente ripristinato',
  'anagrafica.terapista.crea': 'Operatore aggiunto all’anagrafica',
  'anagrafica.terapista.modifica': 'Anagrafica operatore modificata',
  'anagrafica.terapista.archivia': 'Operatore archiviato',
  'anagrafica.terapista.ripristina': 'Operatore ripristinato',
  'anagrafica.stanza.crea': 'Stanza creata',
  'anagrafica.stanza.modifica': 'Stanza rinominata',
  'anagrafica.stanza.sposta': 'Stanza spostata',
  'anagrafica.stanza.archivia': 'Stanza archiviata',
  'anagrafica.stanza.ripristina': 'Stanza ripristinata',
  'uscita.crea': 'Uscita creata',
  'uscita.modifica': 'Uscita modificata',
  'uscita.elimina': 'Uscita eliminata',
  'uscita.passeggero.aggiungi': 'Utente aggiunto a un’uscita',
  'uscita.passeggero.togli': 'Utente tolto da un’uscita',
  'uscita.operatore.aggiungi': 'Operatore aggiunto a un’uscita',
  'uscita.operatore.togli': 'Operatore tolto da un’uscita',
  'account.crea': 'Account creato',
  'account.password': 'Password di un account reimpostata',
  'account.ruolo': 'Ruolo di un account cambiato',
  'account.disattiva': 'Account disattivato',
  'account.riattiva': 'Account riattivato',
  'account.segnala': 'Righe di un account segnalate come abuso',
  'password.cambia': 'Password cambiata',
  'accesso.riuscito': 'Accesso riuscito',
  'accesso.fallito': 'Accesso non riuscito',
  'accesso.disconnessione': 'Disconnessione',
  'assenza.registra': 'Assenza registrata',
  'assenza.elimina': 'Assenza eliminata',
  'assenza.modifica': 'Assenza modificata',
  'assenza.togli': 'Assente tolto dal programma',
  'appello.segna': 'Appello segnato',
  'appello.tutti': 'Appello: tutti presenti',
  'mese.chiudi': 'Mese chiuso',
  'mese.riapri': 'Mese riaperto',
  'chiusura.aggiungi': 'Giorno di chiusura aggiunto',
  'chiusura.elimina': 'Giorno di chiusura eliminato',
  'modello.crea': 'Modello di settimana creato',
  'modello.rinomina': 'Modello di settimana rinominato',
  'modello.duplica': 'Modello di settimana duplicato',
  'modello.elimina': 'Modello di settimana eliminato',
  'esportazione.settimana_pdf': 'Esportata la stampa settimanale (PDF)',
  'esportazione.giornata_pdf': 'Esportata la stampa della giornata (PDF)',
  'esportazione.registro_pdf': 'Esportato il registro presenze (PDF)',
  'esportazione.registro_csv': 'Esportato il registro presenze (CSV)',
  'esportazione.registro_modifiche_csv': 'Esportato il registro modifiche (CSV)',
  'esportazione.accessi_csv': 'Esportati gli accessi a un utente (CSV)',
  'esportazione.agenda_pdf': "Esportata l'agenda settimanale di una persona (PDF)",
  'esportazione.progetto_pdf': 'Stampato il progetto di un utente (PDF)',
  'esportazione.copertura_csv': 'Esportata la copertura dei progetti (CSV)',
  'esportazione.fogli_di_marcia_pdf': 'Stampati i fogli di marcia (PDF)',
  'esportazione.trasporti_csv': 'Esportati i trasporti del mese (CSV)',
  'esportazione.trasporti_pdf': 'Esportati i trasporti del mese (PDF)',
  'impostazioni.modifica': 'Impostazioni del centro modificate',
  'calendario.crea': 'Indirizzo del calendario esterno creato',
  'calendario.revoca': 'Indirizzo del calendario esterno revocato',
  'anagrafica.tipo.crea': 'Tipo di attività creato',
  'anagrafica.tipo.modifica': 'Tipo di attività modificato',
  'anagrafica.tipo.archivia': 'Tipo di attività archiviato',
  'anagrafica.tipo.ripristina': 'Tipo di attività ripristinato',
  'progetto.crea': 'Progetto individuale creato',
  'progetto.modifica': 'Progetto individuale modificato',
  'progetto.chiudi': 'Progetto individuale chiuso',
  'progetto.elimina': 'Progetto individuale eliminato',
  'terapista.sostituisci': 'Operatore sostituito in un’attività',
  'anagrafica.mezzo.crea': 'Mezzo aggiunto',
  'anagrafica.mezzo.modifica': 'Mezzo modificato',
  'anagrafica.mezzo.archivia': 'Mezzo archiviato',
  'anagrafica.mezzo.ripristina': 'Mezzo ripristinato',
  'uscita.ordine': 'Ordine delle fermate cambiato',
  'uscita.fermata': 'Orario di fermata cambiato',
  'uscita.autista': 'Autista di un’uscita cambiato',
  'esportazione.rendiconto_asl_pdf': 'Esportato il rendiconto mensile per le ASL (PDF)',
  'esportazione.rendiconto_asl_csv': 'Esportato il rendiconto mensile per le ASL (CSV)',
  'esportazione.siar_oreprof': 'Esportato il flusso SIAR delle ore dei professionisti',
  'esportazione.sism_pss': 'Esportato il flusso SISM delle prestazioni semiresidenziali',
  'esportazione.backup': 'Scaricato un backup completo del centro',
  'pianificatore.applica': 'Settimana proposta dal pianificatore applicata',
  'pianificatore.giornata': 'Giornata scritta dal pianificatore',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/**
 * The actions that change a day's plan: after any of them on a day, Annulla takes back no earlier
 * operation of that day (the registro row's `day`).
 */
export const PLAN_ACTIONS = [
  'attivita.crea',
  'attivita.modifica',
  'attivita.elimina',
  'attivita.copia',
  'paziente.aggiungi',
  'paziente.togli',
  'terapista.aggiungi',
  'terapista.togli',
  'giornata.svuota',
  'giornata.incolla',
  'giornata.annulla',
  'uscita.crea',
  'uscita.modifica',
  'uscita.elimina',
  'uscita.passeggero.aggiungi',
  'uscita.passeggero.togli',
  'uscita.operatore.aggiungi',
  'uscita.operatore.togli',
  'assenza.togli',
  'terapista.sostituisci',
  'uscita.ordine',
  'uscita.fermata',
  'uscita.autista',
  'pianificatore.giornata',
] as const satisfies AuditAction[];

/** The operations Annulla can take back: the row's `before` holds the day's rows, its `after` the day's fingerprint. */
export const UNDOABLE_ACTIONS = [
  'giornata.svuota',
  'giornata.incolla',
  'attivita.elimina',
  'terapista.sostituisci',
  'pianificatore.giornata',
] as const satisfies AuditAction[];
export const isUndoable = (action: string) => (UNDOABLE_ACTIONS as readonly string[]).includes(action);

/**
 * The operations over several days (docs/decisions/0027-multi-day-operations.md): one registro row
 * whose id is the operation, written before its days' rows; each day's undoable row names it in
 * `after.gruppo`, and Annulla takes back every day of it at once. A new multi-day write (the
 * planner's apply) adds its action here and passes its row's id as `gruppo` to the days it writes.
 */
export const MULTI_DAY_ACTIONS = ['modello.applica', 'settimana.incolla', 'pianificatore.applica'] as const satisfies AuditAction[];
export type MultiDayAction = (typeof MULTI_DAY_ACTIONS)[number];
export const isMultiDay = (action: string) => (MULTI_DAY_ACTIONS as readonly string[]).includes(action);

export const EXPORT_KINDS = [
  'settimana_pdf',
  'giornata_pdf',
  'registro_pdf',
  'registro_csv',
  'registro_modifiche_csv',
  'accessi_csv',
  'agenda_pdf',
  'progetto_pdf',
  'copertura_csv',
  'fogli_di_marcia_pdf',
  'trasporti_csv',
  'trasporti_pdf',
  'rendiconto_asl_pdf',
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** The exports of the Registro screen's own tabs (the registro, the accesses to a patient): administrators only, as the tabs. */
export const ADMIN_EXPORT_KINDS: readonly ExportKind[] = ['registro_modifiche_csv', 'accessi_csv', 'rendiconto_asl_pdf'];
/** Whether an export names a patient: always (the accesses to one), maybe (an agenda, of a patient or an operator), never (the rest). */
export const EXPORT_PATIENT: Record<ExportKind, 'required' | 'optional' | 'none'> = {
  settimana_pdf: 'none',
  giornata_pdf: 'none',
  registro_pdf: 'none',
  registro_csv: 'none',
  registro_modifiche_csv: 'none',
  accessi_csv: 'required',
  agenda_pdf: 'optional',
  progetto_pdf: 'required',
  copertura_csv: 'none',
  fogli_di_marcia_pdf: 'none',
  trasporti_csv: 'none',
  trasporti_pdf: 'none',
  rendiconto_asl_pdf: 'none',
};

/** What a row of the access log records a read of. */
export const ACCESS_KINDS = [
  'giornata',
  'settimana',
  'paziente',
  'ricerca',
  'esportazione',
  'presenze',
  'calendario',
  /** The calendar's conflicts over a range: names and absence reasons, logged under each patient they name. */
  'conflitti',
  /** The progetti of one utente (goals: health data), logged under that utente. */
  'progetto',
  /** A week's coverage of the progetti, logged under each utente it lists. */
  'copertura',
  /** A page of the registro read by an administrator, logged under each patient of its rows. */
  'registro',
  /** "Accessi a" read by an administrator, logged under the patient whose accesses were read. */
  'accessi',
] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

export const AUDIT_MSG = {
  rangeInvalid: 'La data di fine deve essere uguale o successiva alla data di inizio',
  rangeTooLong: 'Il registro si consulta al massimo 366 giorni alla volta',
  actionInvalid: 'Azione non valida',
  personKindInvalid: MSG.personKindInvalid,
  personRequired: 'Indica la persona insieme al tipo',
  pageInvalid: 'Pagina non valida',
  exportKindInvalid: 'Tipo di esportazione non valido',
  exportAdminOnly: 'Questa esportazione è riservata agli amministratori',
  exportPatientRequired: 'Indica l’utente di cui esporti gli accessi',
  exportPatientNotAllowed: 'Questa esportazione non riguarda un singolo utente: togli l’utente',
  exportPatientNotFound: 'Utente non trovato: l’esportazione non è stata registrata',
  operationInvalid: 'Operazione non valida',
  operationNotFound: 'Operazione non trovata nel registro',
  notUndoable: 'Questa operazione non si può annullare',
  dayChanged: 'La giornata è cambiata dopo questa operazione: annullamento non possibile',
  daysChanged: 'Annullamento non possibile: dopo questa operazione sono cambiate le giornate di',
  partOfOperation: 'Questa giornata fa parte di un’operazione su più giorni: annullala tutta dal Registro',
  undoArchived: 'Annullamento non possibile: rimetterebbe in programma persone archiviate',
  markAccountNotFound: 'Account non trovato: si segnalano solo le righe di un account esistente',
  markMotiveInvalid: 'Motivo non valido: testo di al massimo 200 caratteri',
  retentionTooShort: 'il registro va conservato almeno 730 giorni (24 mesi): indicare 730 o più',
} as const;
const M = AUDIT_MSG;

/** Annulla's refusal naming the archived people it would put back in the plan. */
export const undoArchivedMessage = (names: readonly string[]) =>
  `${M.undoArchived} (${names.join(', ')}): ripristinale in Anagrafiche e riprova`;

/** Annulla's refusal of a multi-day operation naming the days changed since (`lun 23-11-2026`). */
export const undoDaysChangedMessage = (days: readonly string[]) => `${M.daysChanged} ${days.map(dayLabel).join(', ')}`;

/** The longest period a registro or accessi query covers, both ends included. */
export const MAX_AUDIT_RANGE_DAYS = 366;
export const AUDIT_PAGE_SIZE = 50;

const pageSchema = z.coerce.number({ error: M.pageInvalid }).int(M.pageInvalid).min(1, M.pageInvalid).max(100_000, M.pageInvalid);

/** `dal`…`al`, each optional (default: the last 30 days up to today), at most 366 days. */
const periodShape = { dal: dateSchema.optional(), al: dateSchema.optional() };
const checkPeriod = (v: { dal?: string; al?: string }, ctx: z.RefinementCtx) => {
  if (v.dal && v.al && v.al < v.dal) ctx.addIssue({ code: 'custom', path: ['al'], message: M.rangeInvalid });
  else if (v.dal && v.al && daysInRange(v.dal, v.al) > MAX_AUDIT_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', path: ['al'], message: M.rangeTooLong });
};

export const auditQuery = z
  .object({
    ...periodShape,
    utente: idSchema.optional(),
    azione: z.enum(AUDIT_ACTION_NAMES as [AuditAction, ...AuditAction[]], { error: M.actionInvalid }).optional(),
    tipo: z.enum(['paziente', 'terapista'], { error: M.personKindInvalid }).optional(),
    persona: idSchema.optional(),
    attivita: idSchema.optional(),
    pagina: pageSchema.default(1),
  })
  .superRefine((v, ctx) => {
    checkPeriod(v, ctx);
    if ((v.tipo === undefined) !== (v.persona === undefined))
      ctx.addIssue({ code: 'custom', path: ['persona'], message: M.personRequired });
  });
export type AuditQuery = z.output<typeof auditQuery>;

export const accessQuery = z
  .object({ ...periodShape, paziente: idSchema, pagina: pageSchema.default(1) })
  .superRefine((v, ctx) => checkPeriod(v, ctx));
export type AccessQuery = z.output<typeof accessQuery>;

export const exportBody = z
  .object({
    tipo: z.enum(EXPORT_KINDS, { error: M.exportKindInvalid }),
    dal: dateSchema,
    al: dateSchema,
    /** The patient an export is about (accessi_csv), when there is one. */
    paziente: idSchema.optional(),
  })
  .superRefine((v, ctx) => {
    checkPeriod(v, ctx);
    const patient = EXPORT_PATIENT[v.tipo];
    if (patient === 'required' && v.paziente === undefined)
      ctx.addIssue({ code: 'custom', path: ['paziente'], message: M.exportPatientRequired });
    if (patient === 'none' && v.paziente !== undefined)
      ctx.addIssue({ code: 'custom', path: ['paziente'], message: M.exportPatientNotAllowed });
  });

/** The answer of POST /server/calendario/annulla: `operazione` its own registro row (the first, for a multi-day one), every day put back. */
export const undoAnswer = z.object({
  ok: okField,
  operazione: z.number().int(),
  data: z.string(),
  giorni: z.array(z.string()),
});
export type UndoAnswer = z.infer<typeof undoAnswer>;

export const undoBody = z.object({
  operazione: z.coerce
    .number({ error: M.operationInvalid })
    .int(M.operationInvalid)
    .min(1, M.operationInvalid)
    .max(Number.MAX_SAFE_INTEGER, M.operationInvalid),
});

/** A row of the registro as the database holds it (before and after as stored). */
export interface AuditRecord {
  id: number;
  at: string;
  userId: number | null;
  username: string;
  action: string;
  entity: string;
  entityId: number | null;
  day: string | null;
  dayTo: string | null;
  before: unknown;
  after: unknown;
}

/** A row of GET /server/registro. */
export const auditRowAnswer = z.object({
  ID: z.number().int(),
  quando: z.string(),
  utente: z.string(),
  azione: z.string(),
  tipo: z.string(),
  entita: z.number().int().nullable(),
  giorno: z.string().nullable(),
  giornoFine: z.string().nullable(),
  frase: z.string(),
  /** Small: counts instead of a whole day's rows. */
  prima: z.unknown(),
  dopo: z.unknown(),
  annullabile: z.boolean(),
  /** The row's account was marked as abusive after it (`account.segnala`, docs/decisions/0022-coalesced-access-log.md). */
  segnalata: z.boolean(),
});
export type AuditRow = z.infer<typeof auditRowAnswer>;

const pageFields = {
  pagina: z.number().int(),
  pageSize: z.number().int(),
  /** Whether a next page exists (the registro is not counted: it may hold millions of rows). */
  altre: z.boolean(),
  dal: z.string(),
  al: z.string(),
};
export const auditPageAnswer = z.object({ items: z.array(auditRowAnswer), ...pageFields });
export type AuditPage = z.infer<typeof auditPageAnswer>;

/** A row of GET /server/registro/accessi. */
export const accessRowAnswer = z.object({
  ID: z.number().int(),
  quando: z.string(),
  utente: z.string(),
  tipo: z.enum(ACCESS_KINDS),
  giorno: z.string().nullable(),
  giornoFine: z.string().nullable(),
  /** `diretto`: the read named the patient; `giornata`: a read of days on which the patient was planned. */
  motivo: z.enum(['diretto', 'giornata']),
  /** How many identical reads the entry stands for (1: one read); `quando` is the first. */
  conteggio: z.number().int(),
  /** The last of them (null for one read). */
  ultima: z.string().nullable(),
  /** The entry's account was marked as abusive after it. */
  segnalata: z.boolean(),
});
export type AccessRow = z.infer<typeof accessRowAnswer>;

export const accessPageAnswer = z.object({ items: z.array(accessRowAnswer), ...pageFields });
export type AccessPage = z.infer<typeof accessPageAnswer>;

/** POST /server/registro/esportazione: the registro row of the export. */
export const exportAnswer = z.object({ ok: okField, operazione: z.number().int() });
/** POST /server/registro/segnala: its registro row, and the time up to which the account's rows are marked. */
export const markAnswer = z.object({ ok: okField, operazione: z.number().int(), fino: z.string() });

// ---- The sentence ----

const WEEKDAYS_SHORT = ['dom', 'lun', 'mar', 'mer', 'gio', 'ven', 'sab'];

/** `lun 23-11-2026`. */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${WEEKDAYS_SHORT[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]} ${formatDayMonthYear(day)}`;
}

const monthLabel = (month: string) => `${MONTHS_IT[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** An activity as the rows describe it. */
interface ActivityInfo {
  ID?: number;
  nome?: string;
  data?: string;
  inizio?: string;
  fine?: string;
  stanza?: string | null;
}
interface Person {
  ID?: number;
  nome?: string;
}
interface RunInfo {
  ID?: number;
  tratta?: string;
  data?: string;
  partenza?: string;
  arrivo?: string;
}

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const str = (value: unknown, fallback = '?') => (typeof value === 'string' && value !== '' ? value : fallback);
const num = (value: unknown) => (typeof value === 'number' ? value : 0);

const when = (a: ActivityInfo) => (a.data ? `${dayLabel(a.data)} ${a.inizio ?? ''}`.trim() : '');
const span = (a: ActivityInfo | RunInfo) => {
  const from = 'inizio' in a ? a.inizio : (a as RunInfo).partenza;
  const to = 'fine' in a ? a.fine : (a as RunInfo).arrivo;
  return from && to ? `${from}–${to}` : '';
};
const activityName = (a: ActivityInfo) => str(a.nome, `n. ${a.ID ?? '?'}`);
const runName = (r: RunInfo) => str(r.tratta, `n. ${r.ID ?? '?'}`);
const runWhen = (r: RunInfo) => (r.data ? `${dayLabel(r.data)} ${r.partenza ?? ''}`.trim() : '');
const dates = (dal: unknown, al: unknown) =>
  typeof dal === 'string' && typeof al === 'string' && dal !== al
    ? `dal ${formatDayMonthYear(dal)} al ${formatDayMonthYear(al)}`
    : typeof dal === 'string'
      ? `il ${formatDayMonthYear(dal)}`
      : '';
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const correction = (after: Json) => (typeof after.correzione === 'string' ? ` (correzione: ${after.correzione})` : '');

/** "Coro 14:00–15:30 → Coro creativo 14:30–15:30": what an edit of an activity changed. */
function activityChange(before: ActivityInfo, after: ActivityInfo): string {
  const parts: string[] = [];
  if (before.nome !== after.nome) parts.push(`nome «${str(before.nome)}» → «${str(after.nome)}»`);
  if (before.data !== after.data)
    parts.push(`giorno ${before.data ? dayLabel(before.data) : '?'} → ${after.data ? dayLabel(after.data) : '?'}`);
  if (span(before) !== span(after)) parts.push(`orario ${span(before)} → ${span(after)}`);
  if ((before.stanza ?? null) !== (after.stanza ?? null)) parts.push(`stanza ${str(before.stanza, '—')} → ${str(after.stanza, '—')}`);
  return parts.length > 0 ? parts.join(', ') : 'nessun cambiamento visibile';
}

function fieldChanges(before: Json, after: Json, labels: Record<string, string>): string {
  const parts = Object.entries(labels)
    .filter(([key]) => before[key] !== after[key])
    .map(([key, label]) => `${label} «${str(before[key], '—')}» → «${str(after[key], '—')}»`);
  return parts.length > 0 ? parts.join(', ') : 'nessun cambiamento';
}

const EXPORT_LABELS: Record<ExportKind, string> = {
  settimana_pdf: 'stampa settimanale (PDF)',
  giornata_pdf: 'stampa della giornata (PDF)',
  registro_pdf: 'registro presenze (PDF)',
  registro_csv: 'registro presenze (CSV)',
  registro_modifiche_csv: 'registro modifiche (CSV)',
  accessi_csv: 'accessi a un utente (CSV)',
  agenda_pdf: 'agenda settimanale (PDF)',
  progetto_pdf: 'progetto di un utente (PDF)',
  copertura_csv: 'copertura dei progetti (CSV)',
  fogli_di_marcia_pdf: 'fogli di marcia (PDF)',
  trasporti_csv: 'trasporti del mese (CSV)',
  trasporti_pdf: 'trasporti del mese (PDF)',
  rendiconto_asl_pdf: 'rendiconto mensile per le ASL (PDF)',
};
/** The flows the server itself writes (issue 32, server/features/flussi): recorded there, not through POST /registro/esportazione. */
const FLOW_EXPORT_LABELS: Record<string, string> = {
  rendiconto_asl_csv: 'rendiconto mensile per le ASL (CSV)',
  siar_oreprof: 'flusso SIAR, ore dei professionisti',
  sism_pss: 'flusso SISM, prestazioni semiresidenziali',
  // Issue 33: a daily backup downloaded (server/features/backup), the whole centre.
  backup: 'backup completo del centro',
};

/**
 * The row as one Italian sentence: "Mario Rossi aggiunto a Musicoterapia, lun 23-11-2026 09:00",
 * "Giornata di lun 23-11-2026 svuotata: 12 attività", "Accesso riuscito". The screen, the CSV and
 * any other reader use this one function, so they say the same.
 */
export function auditSentence(row: Pick<AuditRecord, 'action' | 'entityId' | 'day' | 'dayTo' | 'before' | 'after'>): string {
  const before = obj(row.before);
  const after = obj(row.after);
  const day = row.day ? dayLabel(row.day) : '';
  const activity = (side: Json) => obj(side.attivita) as ActivityInfo;
  const person = (side: Json, key: string) => str((obj(side[key]) as Person).nome, `n. ${(obj(side[key]) as Person).ID ?? '?'}`);
  const run = (side: Json) => obj(side.uscita) as RunInfo;
  switch (row.action) {
    case 'attivita.crea':
      return `Attività ${activityName(activity(after))} creata: ${dayLabel(str(activity(after).data, row.day ?? ''))} ${span(activity(after))}`.trim();
    case 'attivita.copia':
      return `Attività ${activityName(activity(after))} copiata: ${day} ${span(activity(after))}`.trim();
    case 'attivita.modifica':
      return `Attività ${activityName(activity(before))} modificata: ${activityChange(activity(before), activity(after))}`;
    case 'attivita.elimina':
      return `Attività ${activityName(activity(before))} eliminata: ${when(activity(before))}${span(activity(before)) ? `–${activity(before).fine}` : ''}`;
    case 'paziente.aggiungi':
      return `${person(after, 'paziente')} aggiunto a ${activityName(activity(after))}, ${when(activity(after))}`;
    case 'paziente.togli':
      return `${person(before, 'paziente')} tolto da ${activityName(activity(before))}, ${when(activity(before))}`;
    case 'terapista.aggiungi':
      return `Operatore ${person(after, 'terapista')} aggiunto a ${activityName(activity(after))}, ${when(activity(after))}`;
    case 'terapista.togli':
      return `Operatore ${person(before, 'terapista')} tolto da ${activityName(activity(before))}, ${when(activity(before))}`;
    case 'giornata.svuota':
      return `Giornata di ${day} svuotata: ${plural(num(after.attivita), 'attività', 'attività')}`;
    case 'giornata.incolla': {
      const left = Array.isArray(after.esclusi) ? after.esclusi.length : 0;
      const from = typeof after.da === 'string' ? dayLabel(after.da) : '?';
      const what = typeof after.modello === 'string' ? `Modello «${after.modello}» applicato` : `Giornata di ${from} incollata`;
      return `${what} su ${day}: ${plural(num(after.attivita), 'attività', 'attività')}, ${plural(num(after.uscite), 'uscita', 'uscite')}${left > 0 ? `; ${plural(left, 'persona o stanza lasciata fuori', 'persone o stanze lasciate fuori')}` : ''}`;
    }
    case 'giornata.annulla': {
      const what =
        typeof after.azione === 'string' && after.azione in AUDIT_ACTIONS
          ? AUDIT_ACTIONS[after.azione as AuditAction].toLowerCase()
          : 'operazione';
      const group = typeof after.gruppo === 'number' ? `, parte dell’operazione n. ${after.gruppo}` : '';
      return `Annullata l’operazione n. ${num(after.operazione)} (${what}${group}): giornata di ${day} riportata com’era`;
    }
    case 'modello.applica':
    case 'settimana.incolla': {
      const what =
        row.action === 'modello.applica'
          ? `Modello «${str(after.modello)}» applicato`
          : `Settimana del ${typeof after.da === 'string' ? formatDayMonthYear(after.da) : '?'} incollata`;
      const range = row.day ? dates(row.day, row.dayTo ?? row.day) : '';
      const replaced = after.esistenti === 'sostituisci' ? ', giornate già in programma sostituite' : '';
      return `${what} ${range}: ${plural(num(after.giorni), 'giornata scritta', 'giornate scritte')}${replaced}`;
    }
    case 'pianificatore.applica':
      return `Settimana proposta dal pianificatore applicata ${row.day ? dates(row.day, row.dayTo ?? row.day) : ''}: ${plural(num(after.aggiunte), 'attività aggiunta', 'attività aggiunte')}, ${plural(num(after.rimosse), 'tolta', 'tolte')}`;
    case 'pianificatore.giornata':
      return `Pianificatore, ${day}: ${plural(num(after.aggiunte), 'attività aggiunta', 'attività aggiunte')}, ${plural(num(after.rimosse), 'tolta', 'tolte')}`;
    case 'anagrafica.paziente.crea':
      return `Utente ${person(after, 'paziente')} aggiunto all’anagrafica`;
    case 'anagrafica.paziente.modifica':
      return `Anagrafica dell’utente ${person(before, 'paziente')} modificata: ${fieldChanges(obj(before.paziente), obj(after.paziente), { nome: 'nome', cellulare: 'cellulare', indirizzo: 'indirizzo', note_trasporto: 'note sul trasporto' })}`;
    case 'anagrafica.paziente.archivia':
      return `Utente ${person(before, 'paziente')} archiviato`;
    case 'anagrafica.paziente.ripristina':
      return `Utente ${person(before, 'paziente')} ripristinato`;
    case 'anagrafica.terapista.crea':
      return `Operatore ${person(after, 'terapista')} aggiunto all’anagrafica`;
    case 'anagrafica.terapista.modifica':
      return `Anagrafica dell’operatore ${person(before, 'terapista')} modificata: ${fieldChanges(obj(before.terapista), obj(after.terapista), { nome: 'username', account: 'account' })}`;
    case 'anagrafica.terapista.archivia':
      return `Operatore ${person(before, 'terapista')} archiviato`;
    case 'anagrafica.terapista.ripristina':
      return `Operatore ${person(before, 'terapista')} ripristinato`;
    case 'anagrafica.stanza.crea':
      return `Stanza ${person(after, 'stanza')} creata`;
    case 'anagrafica.stanza.modifica':
      return `Stanza ${person(before, 'stanza')} rinominata in ${person(after, 'stanza')}`;
    case 'anagrafica.stanza.sposta':
      return `Stanza ${person(before, 'stanza')} spostata ${after.direzione === 'su' ? 'a sinistra' : 'a destra'} (posizione ${num(before.posizione)} → ${num(after.posizione)})`;
    case 'anagrafica.stanza.archivia':
      return `Stanza ${person(before, 'stanza')} archiviata`;
    case 'anagrafica.stanza.ripristina':
      return `Stanza ${person(before, 'stanza')} ripristinata`;
    case 'anagrafica.tipo.crea':
      return `Tipo di attività ${person(after, 'tipo')} creato`;
    case 'anagrafica.tipo.modifica':
      return `Tipo di attività ${person(before, 'tipo')} modificato`;
    case 'anagrafica.tipo.archivia':
      return `Tipo di attività ${person(before, 'tipo')} archiviato`;
    case 'anagrafica.tipo.ripristina':
      return `Tipo di attività ${person(before, 'tipo')} ripristinato`;
    case 'progetto.crea':
      return `Progetto individuale di ${person(after, 'paziente')} creato ${dates((obj(after.progetto) as Json).dal, (obj(after.progetto) as Json).al)}`;
    case 'progetto.modifica':
      return `Progetto individuale di ${person(after, 'paziente')} modificato`;
    case 'progetto.chiudi':
      return `Progetto individuale di ${person(after, 'paziente')} chiuso`;
    case 'progetto.elimina':
      return `Progetto individuale di ${person(before, 'paziente')} eliminato`;
    case 'terapista.sostituisci':
      return `Operatore ${person(before, 'terapista')} sostituito da ${person(after, 'terapista')} in ${str(activity(after).nome, 'un’attività')}${day ? `, ${day}` : ''}`;
    case 'uscita.crea':
      return `Uscita ${runName(run(after))} creata: ${runWhen(run(after))}${run(after).arrivo ? `–${run(after).arrivo}` : ''}`;
    case 'uscita.modifica':
      return `Uscita ${runName(run(before))} modificata: ${runWhen(run(before))}–${run(before).arrivo ?? ''} → ${runName(run(after))}, ${runWhen(run(after))}–${run(after).arrivo ?? ''}`;
    case 'uscita.elimina':
      return `Uscita ${runName(run(before))} eliminata: ${runWhen(run(before))}`;
    case 'uscita.passeggero.aggiungi':
      return `${person(after, 'paziente')} aggiunto all’uscita ${runName(run(after))}, ${runWhen(run(after))}`;
    case 'uscita.passeggero.togli':
      return `${person(before, 'paziente')} tolto dall’uscita ${runName(run(before))}, ${runWhen(run(before))}`;
    case 'uscita.operatore.aggiungi':
      return `Operatore ${person(after, 'terapista')} aggiunto all’uscita ${runName(run(after))}, ${runWhen(run(after))}`;
    case 'uscita.operatore.togli':
      return `Operatore ${person(before, 'terapista')} tolto dall’uscita ${runName(run(before))}, ${runWhen(run(before))}`;
    case 'anagrafica.mezzo.crea':
      return `Mezzo ${person(after, 'mezzo')} aggiunto`;
    case 'anagrafica.mezzo.modifica':
      return `Mezzo ${person(before, 'mezzo')} modificato`;
    case 'anagrafica.mezzo.archivia':
      return `Mezzo ${person(before, 'mezzo')} archiviato`;
    case 'anagrafica.mezzo.ripristina':
      return `Mezzo ${person(before, 'mezzo')} ripristinato`;
    case 'uscita.ordine':
      return `Ordine delle fermate dell’uscita ${runName(run(after))} cambiato, ${runWhen(run(after))}`;
    case 'uscita.fermata':
      return `Fermata di ${person(after, 'paziente')} sull’uscita ${runName(run(after))}: ${typeof after.ora === 'string' ? `alle ${after.ora}` : 'orario tolto'}`;
    case 'uscita.autista':
      return after.terapista
        ? `Operatore ${person(after, 'terapista')} autista dell’uscita ${runName(run(after))}, ${runWhen(run(after))}`
        : `Autista tolto dall’uscita ${runName(run(after))}, ${runWhen(run(after))}`;
    case 'account.crea':
      return `Account ${person(after, 'account')} creato${num(after.admin) > 0 ? ' come amministratore' : ''}`;
    case 'account.password':
      return `Password dell’account ${person(after, 'account')} reimpostata`;
    case 'account.ruolo':
      return num(after.admin) > 0
        ? `Account ${person(after, 'account')} reso amministratore`
        : `Account ${person(after, 'account')} non più amministratore`;
    case 'account.disattiva':
      return `Account ${person(after, 'account')} disattivato`;
    case 'account.riattiva':
      return `Account ${person(after, 'account')} riattivato`;
    case 'account.segnala':
      return `Righe dell’account ${person(after, 'account')} segnalate come abuso fino a questo momento${typeof after.motivo === 'string' && after.motivo !== '' ? ` (motivo: ${after.motivo})` : ''}`;
    case 'password.cambia':
      return 'Password cambiata dall’interessato';
    case 'accesso.riuscito':
      return 'Accesso riuscito';
    case 'accesso.fallito':
      return `Accesso non riuscito con lo username «${str(after.username, '')}»`;
    case 'accesso.disconnessione':
      return 'Disconnessione';
    case 'assenza.registra':
      return `Assenza di ${person(after, 'persona')} registrata ${dates(after.dal, after.al)} (${str(after.motivo)}${after.giustificata === false ? ', non giustificata' : ''})${correction(after)}`;
    case 'assenza.elimina':
      return `Assenza di ${person(before, 'persona')} ${dates(before.dal, before.al)} eliminata (${str(before.motivo)})${correction(after)}`;
    case 'assenza.modifica':
      return `Assenza di ${person(after, 'persona')} modificata: prima ${dates(before.dal, before.al)} (${str(before.motivo)}${before.giustificata === false ? ', non giustificata' : ''}), ora ${dates(after.dal, after.al)} (${str(after.motivo)}${after.giustificata === false ? ', non giustificata' : ''})${correction(after)}`;
    case 'assenza.togli':
      return `${person(after, 'persona')} tolto da ${plural(num(after.rimossi), 'attività o uscita', 'attività e uscite')} nei giorni di assenza ${dates(after.dal, after.al)}`;
    case 'appello.segna': {
      const state = after.presente
        ? 'presente'
        : `assente (${str(after.motivo)}${after.giustificata === false ? ', non giustificata' : ''})`;
      return `Appello di ${day}: ${person(after, 'paziente')} ${state}${correction(after)}`;
    }
    case 'appello.tutti':
      return `Appello di ${day}: ${plural(num(after.segnati), 'utente segnato', 'utenti segnati')} presenti con «Tutti presenti»${correction(after)}`;
    case 'mese.chiudi':
      return `Mese di ${monthLabel(str(after.mese, '0000-01'))} chiuso`;
    case 'mese.riapri':
      return `Mese di ${monthLabel(str(after.mese, '0000-01'))} riaperto${correction(after)}`;
    case 'chiusura.aggiungi':
      return `Giorno di chiusura ${day} aggiunto: ${str(after.descrizione, '')}`;
    case 'chiusura.elimina':
      return `Giorno di chiusura ${day} eliminato (era: ${str(before.descrizione, '')})`;
    case 'modello.crea':
      return `Modello «${str(after.nome, '')}» creato${typeof after.dasettimana === 'string' ? ` dalla settimana del ${dayLabel(after.dasettimana)}` : ''}`;
    case 'modello.rinomina':
      return `Modello «${str(before.nome, '')}» rinominato «${str(after.nome, '')}»`;
    case 'modello.duplica':
      return `Modello «${str(before.nome, '')}» duplicato come «${str(after.nome, '')}»`;
    case 'modello.elimina':
      return `Modello «${str(before.nome, '')}» eliminato`;
    default:
      if (row.action.startsWith('esportazione.')) {
        const kind = row.action.slice('esportazione.'.length) as ExportKind;
        const label = EXPORT_LABELS[kind] ?? FLOW_EXPORT_LABELS[kind as string] ?? kind;
        return `Esportazione: ${label} ${dates(row.day, row.dayTo ?? row.day)}`.trim();
      }
      return AUDIT_ACTIONS[row.action as AuditAction] ?? row.action;
  }
}

// ---- The hash chain (docs/decisions/0023-audit-hash-chain.md) ----

/** The two chained tables, as the answer of GET /server/registro/verifica names them. */
export const CHAIN_TABLES = ['registro', 'accessi'] as const;
export type ChainTable = (typeof CHAIN_TABLES)[number];

const chainPart = z.object({
  /** Rows checked. */
  righe: z.number().int().min(0),
  /** Id of the first row whose hash or link to the previous row does not hold (for a deleted row: the one after it). */
  primaRigaAlterata: z.number().int().positive().nullable(),
  /** Hash of the last row checked (null when the table is empty): noted elsewhere, it shows later that the chain was not recomputed. */
  ultimaImpronta: z.string().nullable(),
});
export type ChainPart = z.output<typeof chainPart>;

/** GET /server/registro/verifica: both chains; the first four fields sum them up. */
export const chainCheckAnswer = z.object({
  integro: z.boolean(),
  /** Rows checked, both tables. */
  righe: z.number().int().min(0),
  /** The first altered row: of the registro if it is altered, else of the access log; null when both hold. */
  primaRigaAlterata: z.number().int().positive().nullable(),
  /** Which table `primaRigaAlterata` is in (ids of the two tables overlap). */
  tabellaAlterata: z.enum(CHAIN_TABLES).nullable(),
  registro: chainPart,
  accessi: chainPart,
});
export type ChainCheckAnswer = z.output<typeof chainCheckAnswer>;
