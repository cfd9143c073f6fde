/**
 * Contracts of the individual plan (issue 29, docs/product.md, Progetto individuale): the operatori's
 * professional profile, contracted hours and availability; the types of activity; the utente's progetto
 * with its righe; the week's coverage; the reviews due; who can stand in for an operatore.
 * Shared by the server's validation and the web app's forms.
 */
import { z } from 'zod';
import { addDays, isRealDate, weekdayOf } from './dates.ts';
import { hasUnsafeChars, idSchema, identifierText, isValidTime, minutesOf } from './schemas.ts';

// ---- Profili professionali (the 13 categories of the national rehabilitation flow SIAR) ----

export const PROFILI = {
  mmg_pls: 'Medico di medicina generale / pediatra',
  medico_specialista: 'Medico specialista',
  infermiere: 'Infermiere',
  oss: 'Operatore socio-sanitario',
  fisioterapista: 'Fisioterapista',
  logopedista: 'Logopedista',
  tnpee: "Terapista della neuro e psicomotricità dell'età evolutiva",
  terp: 'Tecnico della riabilitazione psichiatrica',
  terapista_occupazionale: 'Terapista occupazionale',
  psicologo: 'Psicologo',
  assistente_sociale: 'Assistente sociale',
  educatore_professionale: 'Educatore professionale',
  altro: 'Altro professionista sanitario',
} as const;
export type Profilo = keyof typeof PROFILI;
export const PROFILO_CODES = Object.keys(PROFILI) as [Profilo, ...Profilo[]];
/** What a therapist without a profile (existing data) shows. */
export const NO_PROFILE_LABEL = 'profilo da indicare';
/** "logopedista", "fisioterapista": the profile as a sentence says it ("paola.neri non è logopedista"). */
export const profiloInSentence = (p: Profilo) => PROFILI[p].toLowerCase();

export const PROGETTI_MSG = {
  profiloInvalid: 'Profilo professionale non valido: scegline uno dall’elenco',
  oreInvalid: 'Ore settimanali non valide: da 0 a 60, anche mezze ore (per esempio 27,5)',
  disponibilitaInvalid: 'Disponibilità non valida: al massimo 5 fasce per giorno, da lunedì a sabato',
  giornoInvalid: 'Giorno non valido: da 1 (lunedì) a 6 (sabato)',
  dalleInvalid: 'Inserisci un orario di inizio in formato HH:mm',
  alleInvalid: 'Inserisci un orario di fine in formato HH:mm',
  alleBeforeDalle: "L'orario di fine deve essere successivo all'orario di inizio",
  windowsOverlap: 'Le fasce orarie dello stesso giorno non devono sovrapporsi',
  tipoNameInvalid: 'Nome del tipo di attività non valido (da 3 a 100 caratteri)',
  tipoDuplicate: 'Esiste già un tipo di attività con questo nome',
  tipoNotFound: 'Tipo di attività non trovato',
  tipoArchived: 'Questo tipo di attività è archiviato: ripristinalo prima di usarlo',
  partecipantiInvalid: 'Partecipanti non validi: da 1 (individuale) a 30',
  minutiInvalid: 'Durata non valida: da 15 a 480 minuti, a multipli di 5',
  dalInvalid: 'Data di presa in carico non valida',
  alInvalid: 'Data di fine non valida',
  alBeforeDal: 'La fine del progetto non può precedere la presa in carico',
  verificaInvalid: 'Data di verifica non valida',
  verificaOutside: 'La verifica deve cadere nel periodo del progetto',
  obiettiviInvalid: 'Obiettivi non validi: al massimo 2.000 caratteri',
  obiettiviChars: 'Gli obiettivi contengono caratteri non ammessi (sono ammessi solo testo e a capo)',
  frequenzaInvalid: 'Frequenza non valida: al massimo una fascia per giorno, da lunedì a sabato',
  righeInvalid: 'Righe non valide: da 0 a 20, ciascuna con tipo, sedute e minuti',
  righeTooMany: 'Al massimo 20 righe per progetto',
  rigaTipoDuplicate: 'Questo tipo di attività è già in un’altra riga del progetto',
  seduteInvalid: 'Sedute non valide: da 1 a 10 a settimana',
  rigaMinutiInvalid: 'Minuti non validi: da 15 a 480 per seduta, a multipli di 5',
  progettoNotFound: 'Progetto non trovato',
  progettiOverlap: 'Questo utente ha già un progetto in questo periodo',
  progettoInCorso: 'Un progetto già in corso non si elimina: chiudilo',
  chiudiBeforeDal: 'Il progetto non può finire prima della presa in carico',
  settimanaInvalid: 'Settimana non valida: indica il lunedì in formato aaaa-mm-gg',
  entroInvalid: 'Numero di giorni non valido: da 0 a 365',
  senzaProgetto: 'senza progetto',
  notInActivity: "L'operatore non è in questa attività",
  substituteInvalid: "L'operatore scelto non può sostituire: è archiviato o già in questa attività",
  substituted: 'Operatore sostituito',
} as const;
const M = PROGETTI_MSG;

const MAX_WINDOWS_PER_DAY = 5;

/** `0.5`, `27.5`, `"27,5"`: contracted hours a week, 0–60, halves allowed. */
export const oreSettimanaliSchema = z
  .union([z.number(), z.string().regex(/^\d{1,2}(?:[.,]5|[.,]0)?$/, M.oreInvalid)], { error: M.oreInvalid })
  .transform((v) => (typeof v === 'number' ? v : Number(v.replace(',', '.'))))
  .pipe(
    z
      .number({ error: M.oreInvalid })
      .min(0, M.oreInvalid)
      .max(60, M.oreInvalid)
      .refine((n) => Number.isInteger(n * 2), M.oreInvalid),
  );

const timeOf = (message: string) => z.string({ error: message }).refine((v) => isValidTime(v) && v.length === 5, message);

/** A time window of a weekday: 1 = lunedì … 6 = sabato, `dalle` < `alle` (HH:mm). */
export const windowSchema = z
  .object({
    giorno: z.number({ error: M.giornoInvalid }).int(M.giornoInvalid).min(1, M.giornoInvalid).max(6, M.giornoInvalid),
    dalle: timeOf(M.dalleInvalid),
    alle: timeOf(M.alleInvalid),
  })
  .refine((w) => !isValidTime(w.dalle) || !isValidTime(w.alle) || minutesOf(w.alle) > minutesOf(w.dalle), {
    path: ['alle'],
    message: M.alleBeforeDalle,
  });
export type Finestra = z.output<typeof windowSchema>;

/** Windows of one weekday must not overlap (half-open: 08:00–12:00 and 12:00–14:00 are fine). */
function refineWindows(windows: Finestra[], ctx: z.RefinementCtx, perDay: number, message: string) {
  const byDay = new Map<number, { w: Finestra; i: number }[]>();
  windows.forEach((w, i) => byDay.set(w.giorno, [...(byDay.get(w.giorno) ?? []), { w, i }]));
  for (const list of byDay.values()) {
    if (list.length > perDay) {
      ctx.addIssue({ code: 'custom', path: [list[perDay].i, 'giorno'], message });
      continue;
    }
    const sorted = [...list].sort((a, b) => minutesOf(a.w.dalle) - minutesOf(b.w.dalle));
    for (let k = 1; k < sorted.length; k++) {
      if (minutesOf(sorted[k].w.dalle) < minutesOf(sorted[k - 1].w.alle)) {
        ctx.addIssue({ code: 'custom', path: [sorted[k].i, 'dalle'], message: M.windowsOverlap });
      }
    }
  }
}

/** `disponibilita`: zero or more windows per weekday (at most 5 each), not overlapping. */
export const disponibilitaSchema = z
  .array(windowSchema, { error: M.disponibilitaInvalid })
  .max(6 * MAX_WINDOWS_PER_DAY, M.disponibilitaInvalid)
  .superRefine((ws, ctx) => refineWindows(ws, ctx, MAX_WINDOWS_PER_DAY, M.disponibilitaInvalid));

export const profiloSchema = z.enum(PROFILO_CODES, { error: M.profiloInvalid });

/**
 * The fields issue 29 adds to `PUT /server/anagrafiche/terapisti` and `/terapisti/update`. All optional:
 * a client that does not send one leaves it as it is on update (and empty on creation).
 */
export const therapistPlanFields = {
  profilo: profiloSchema.nullable().optional(),
  oreSettimanali: oreSettimanaliSchema.nullable().optional(),
  disponibilita: disponibilitaSchema.optional(),
};

// ---- Tipi di attività ----

export const tipoFormSchema = z.object({
  Nome: identifierText(M.tipoNameInvalid).trim().min(3, M.tipoNameInvalid).max(100, M.tipoNameInvalid),
  /** The profile that gives it, or null (e.g. "Pranzo"). */
  profilo: profiloSchema.nullable().default(null),
  partecipanti: z
    .number({ error: M.partecipantiInvalid })
    .int(M.partecipantiInvalid)
    .min(1, M.partecipantiInvalid)
    .max(30, M.partecipantiInvalid),
  minuti: z
    .number({ error: M.minutiInvalid })
    .int(M.minutiInvalid)
    .min(15, M.minutiInvalid)
    .max(480, M.minutiInvalid)
    .refine((n) => n % 5 === 0, M.minutiInvalid),
});
export const tipoUpdateSchema = tipoFormSchema.extend({ ID: idSchema });
export type TipoForm = z.input<typeof tipoFormSchema>;

export const tipoRecordAnswer = z.object({
  ID: z.number().int(),
  Nome: z.string(),
  profilo: z.enum(PROFILO_CODES).nullable(),
  partecipanti: z.number().int(),
  minuti: z.number().int(),
  Archiviato: z.boolean(),
});
export type TipoRecord = z.infer<typeof tipoRecordAnswer>;

// ---- Progetto ----

const dateField = (message: string) => z.string({ error: message }).refine(isRealDate, message);

export const MAX_RIGHE = 20;
export const OBIETTIVI_MAX = 2000;

/** Control characters other than line breaks (\n, \r), lone surrogates, bidi overrides. */
const obiettiviUnsafe = (v: string) => hasUnsafeChars(v.replace(/\r\n|\r|\n/g, ''));

export const rigaSchema = z.object({
  tipo: idSchema,
  sedute: z.number({ error: M.seduteInvalid }).int(M.seduteInvalid).min(1, M.seduteInvalid).max(10, M.seduteInvalid),
  minuti: z
    .number({ error: M.rigaMinutiInvalid })
    .int(M.rigaMinutiInvalid)
    .min(15, M.rigaMinutiInvalid)
    .max(480, M.rigaMinutiInvalid)
    .refine((n) => n % 5 === 0, M.rigaMinutiInvalid),
});
export type Riga = z.output<typeof rigaSchema>;

/** The centre's default attendance when a progetto names none: Monday to Friday, 09:00–16:00. */
export const DEFAULT_FREQUENZA: Finestra[] = [1, 2, 3, 4, 5].map((giorno) => ({ giorno, dalle: '09:00', alle: '16:00' }));

export const frequenzaSchema = z
  .array(windowSchema, { error: M.frequenzaInvalid })
  .max(6, M.frequenzaInvalid)
  .superRefine((ws, ctx) => refineWindows(ws, ctx, 1, M.frequenzaInvalid));

const progettoFields = z.object({
  paziente: idSchema,
  dal: dateField(M.dalInvalid),
  al: dateField(M.alInvalid).nullable().optional().default(null),
  verifica: dateField(M.verificaInvalid),
  obiettivi: z
    .string({ error: M.obiettiviInvalid })
    .refine((v) => !obiettiviUnsafe(v), { message: M.obiettiviChars, abort: true })
    .max(OBIETTIVI_MAX, M.obiettiviInvalid),
  frequenza: frequenzaSchema.optional(),
  righe: z
    .array(rigaSchema, { error: M.righeInvalid })
    .max(MAX_RIGHE, M.righeTooMany)
    .superRefine((rs, ctx) => {
      const seen = new Set<number>();
      rs.forEach((r, i) => {
        if (seen.has(r.tipo)) ctx.addIssue({ code: 'custom', path: [i, 'tipo'], message: M.rigaTipoDuplicate });
        seen.add(r.tipo);
      });
    }),
});

type ProgettoFields = z.output<typeof progettoFields>;
function refinePeriod(p: Pick<ProgettoFields, 'dal' | 'al' | 'verifica'>, ctx: z.RefinementCtx) {
  if (!isRealDate(p.dal)) return;
  if (p.al !== null && isRealDate(p.al) && p.al < p.dal) ctx.addIssue({ code: 'custom', path: ['al'], message: M.alBeforeDal });
  if (isRealDate(p.verifica) && (p.verifica < p.dal || (p.al !== null && p.al >= p.dal && p.verifica > p.al))) {
    ctx.addIssue({ code: 'custom', path: ['verifica'], message: M.verificaOutside });
  }
}

export const progettoFormSchema = progettoFields.superRefine(refinePeriod);
export const progettoUpdateSchema = progettoFields.extend({ ID: idSchema }).superRefine(refinePeriod);
export type ProgettoForm = z.input<typeof progettoFormSchema>;
export const progettoChiudiSchema = z.object({ ID: idSchema, al: dateField(M.alInvalid) });
export const progettoIdSchema = z.object({ ID: idSchema });
export const progettiQuery = z.object({ paziente: idSchema });

const windowAnswer = z.object({ giorno: z.number().int(), dalle: z.string(), alle: z.string() });
export const progettoAnswer = z.object({
  ID: z.number().int(),
  paziente: z.number().int(),
  dal: z.string(),
  al: z.string().nullable(),
  verifica: z.string(),
  obiettivi: z.string(),
  frequenza: z.array(windowAnswer),
  righe: z.array(z.object({ tipo: z.number().int(), sedute: z.number().int(), minuti: z.number().int() })),
});
export type Progetto = z.infer<typeof progettoAnswer>;

// ---- Copertura ----

/** `settimana`: the Monday of the week. */
export const coperturaQuery = z.object({
  settimana: z.string({ error: M.settimanaInvalid }).refine((v) => isRealDate(v) && weekdayOf(v) === 1, M.settimanaInvalid),
});
/** The last day (Sunday) of the week that starts on `monday`. */
export const weekEnd = (monday: string) => addDays(monday, 6);

const int = z.number().int();
export const coperturaRigaAnswer = z.object({
  tipo: int,
  nome: z.string(),
  previste: int,
  pianificate: int,
  erogate: int,
  minutiPrevisti: int,
  minutiPianificati: int,
  minutiErogati: int,
  /** Of `pianificate`, those on the days of the week before today (Rome): all of them once the week is over. */
  pianificatePassate: int,
  /** Of `erogate`, those on the days before today: amber when fewer than `pianificatePassate`. */
  erogatePassate: int,
});
export type CoperturaRiga = z.infer<typeof coperturaRigaAnswer>;
export const coperturaPazienteAnswer = z.object({
  paziente: int,
  /** "Nome Cognome". */
  nome: z.string(),
  righe: z.array(coperturaRigaAnswer),
});
export type CoperturaPaziente = z.infer<typeof coperturaPazienteAnswer>;
export const coperturaAnswer = z.object({ settimana: z.string(), pazienti: z.array(coperturaPazienteAnswer) });
export type Copertura = z.infer<typeof coperturaAnswer>;
/** A riga is short when the week plans fewer sessions than the progetto asks. */
export const isUnder = (r: CoperturaRiga) => r.pianificate < r.previste;

// ---- Scadenze ----

export const scadenzeQuery = z.object({
  entro: z
    .union([z.number(), z.string().regex(/^\d{1,3}$/, M.entroInvalid)], { error: M.entroInvalid })
    .optional()
    .default(30)
    .transform(Number)
    .pipe(z.number().int(M.entroInvalid).min(0, M.entroInvalid).max(365, M.entroInvalid)),
});
export const scadenzaVoceAnswer = z.object({
  /** The progetto's ID. */
  progetto: z.number().int(),
  paziente: z.number().int(),
  /** "Nome Cognome". */
  nome: z.string(),
  /** `verifiche`: the review date; `fine`: the progetto's `al`. */
  data: z.string(),
});
export type ScadenzaVoce = z.infer<typeof scadenzaVoceAnswer>;
/** GET /server/progetti/scadenze: reviews due within N days or already past, and progetti ending within N days; oldest first. */
export const scadenzeAnswer = z.object({
  entro: z.number().int(),
  verifiche: z.array(scadenzaVoceAnswer),
  fine: z.array(scadenzaVoceAnswer),
});
export type Scadenze = z.infer<typeof scadenzeAnswer>;

// ---- Chi può sostituire ----

export const sostitutiBody = z.object({ attivita: idSchema, terapista: idSchema });
export const sostitutoAnswer = z.object({
  terapista: z.number().int(),
  nome: z.string(),
  /** "segue già 3 di questi utenti", "2 ore pianificate su 30 questa settimana". */
  motivo: z.string(),
});
export type Sostituto = z.infer<typeof sostitutoAnswer>;
/** POST /server/progetti/sostituisci: one click takes `terapista` out of the activity and puts `sostituto` in (one registro row). */
export const sostituisciBody = z.object({ attivita: idSchema, terapista: idSchema, sostituto: idSchema });

// ---- Week-level conflict ----

/** `ore_settimanali`: an operatore's planned minutes in a week (Monday to Sunday) exceed her contracted hours. */
export const weekConflictAnswer = z.object({
  tipo: z.literal('ore_settimanali'),
  /** The therapist's ID. */
  ID: z.number().int(),
  nome: z.string(),
  /** The Monday of the week. */
  settimana: z.string(),
  minutiPianificati: z.number().int(),
  minutiContratto: z.number().int(),
  /** Ids of the week's activities of hers, ascending. */
  attivita: z.array(z.number().int()),
});
export type WeekConflict = z.infer<typeof weekConflictAnswer>;
