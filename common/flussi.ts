/**
 * Contracts of the Rendicontazione (issue 32; docs/api.md, Rendicontazione e flussi; docs/decisions/0041-flussi-siar-sism.md):
 * the centre's codes in the Ministry's flows, the utente's personal data they need, the check, the month's account
 * for the ASL, SIAR_OREPROF (yearly hours per professional category) and SISM's semi-residential PSS.
 * Shared by the server's validation and the Rendicontazione screen; the calendar's first paint never imports it (ADR 0036).
 *
 * The codice fiscale's check character is verified on the server only (server/lib/codice-fiscale.ts, with
 * codice-fiscale-js): the library carries every comune of Italy, too heavy for a form.
 */
import { z } from 'zod';
import { safeText } from './schemas.ts';

export const FLUSSI_MSG = {
  regioneInvalid: 'Codice regione non valido: scegli la regione dall’elenco',
  aslInvalid: 'Codice ASL non valido: tre cifre, per esempio 201',
  strutturaInvalid: 'Codice struttura non valido: sei lettere o cifre, per esempio 123456',
  dsmInvalid: 'Codice DSM non valido: da 1 a 3 lettere o cifre',
  tipoStrutturaInvalid: 'Tipo di struttura semiresidenziale non valido: scegli dall’elenco',
  codiceFiscaleInvalid:
    'Codice fiscale non valido: 16 caratteri con il carattere di controllo giusto, oppure il codice provvisorio di 11 cifre',
  aslResidenzaInvalid: 'ASL di residenza non valida: tre cifre, per esempio 201',
  idRegionaleInvalid: 'Identificativo regionale non valido: 88 caratteri, come lo assegna la Regione',
  idContattoInvalid: 'Identificativo del contatto non valido: da 1 a 14 cifre',
  flussoInvalid: 'Flusso non valido: rendiconto ASL, SIAR ore professionisti o SISM semiresidenziale',
  periodoInvalid: 'Periodo non valido: un mese (2026-11) per l’ASL, un anno (2026) per il SIAR, un semestre (2026-S1) per il SISM',
  meseInvalid: 'Mese non valido: anno e mese, per esempio 2026-11',
  annoInvalid: 'Anno non valido: quattro cifre, dal 2000 al 2099',
  semestreInvalid: 'Semestre non valido: 1 (gennaio–giugno) o 2 (luglio–dicembre)',
  formatoInvalid: 'Formato non valido',
  tipoInvalid: 'Tipo di trasmissione non valido: I (inserimento), V (variazione) o C (cancellazione)',
  incomplete: 'Mancano dei dati: il file verrebbe scartato. Completa quanto elencato e riprova',
  noAttendance: 'Nessun giorno di presenza nel periodo: non c’è niente da inviare',
  // The screen
  title: 'Rendicontazione',
  ready: 'Tutto pronto: puoi scaricare i file',
} as const;
const M = FLUSSI_MSG;

/** The Ministry's 21 codes of the regions and autonomous provinces (the XSDs' enumeration), with their names for the form. */
export const REGIONI = {
  '010': 'Piemonte',
  '020': 'Valle d’Aosta',
  '030': 'Lombardia',
  '041': 'Provincia autonoma di Bolzano',
  '042': 'Provincia autonoma di Trento',
  '050': 'Veneto',
  '060': 'Friuli-Venezia Giulia',
  '070': 'Liguria',
  '080': 'Emilia-Romagna',
  '090': 'Toscana',
  '100': 'Umbria',
  '110': 'Marche',
  '120': 'Lazio',
  '130': 'Abruzzo',
  '140': 'Molise',
  '150': 'Campania',
  '160': 'Puglia',
  '170': 'Basilicata',
  '180': 'Calabria',
  '190': 'Sicilia',
  '200': 'Sardegna',
} as const;
export type Regione = keyof typeof REGIONI;
export const REGIONE_CODES = Object.keys(REGIONI) as [Regione, ...Regione[]];

/** SISM's semi-residential facility types (PSS.xsd); 2 is the centro diurno. */
export const TIPI_STRUTTURA_SISM = {
  '1': 'Struttura semiresidenziale (tipo 1)',
  '2': 'Centro diurno',
  '3': 'Day hospital psichiatrico (tipo 3)',
  '6': 'Struttura semiresidenziale (tipo 6)',
  '7': 'Struttura semiresidenziale (tipo 7)',
  '8': 'Struttura semiresidenziale (tipo 8)',
} as const;
export type TipoStrutturaSism = keyof typeof TIPI_STRUTTURA_SISM;
export const TIPO_STRUTTURA_CODES = Object.keys(TIPI_STRUTTURA_SISM) as [TipoStrutturaSism, ...TipoStrutturaSism[]];

export const ASL_PATTERN = /^\d{3}$/;
export const STRUTTURA_PATTERN = /^[A-Za-z0-9]{6}$/;
export const DSM_PATTERN = /^[A-Za-z0-9]{1,3}$/;
/** 16 characters, the digits of the date and the comune possibly replaced by omocodia letters (LMNPQRSTUV). */
export const CODICE_FISCALE_PATTERN = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;
/** The provisional code given before the definitive one: 11 digits, the last a check digit (as a partita IVA). */
export const CODICE_PROVVISORIO_PATTERN = /^\d{11}$/;
export const ID_REGIONALE_PATTERN = /^[A-Za-z0-9+/=]{88}$/;
export const ID_CONTATTO_PATTERN = /^[1-9]\d{0,13}$/;

/** The check digit of an 11-digit provisional code (the partita IVA's rule: odd places as they are, even ones doubled). */
export function isProvisionalCode(code: string): boolean {
  if (!CODICE_PROVVISORIO_PATTERN.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const digit = Number(code[i]);
    if (i % 2 === 0) sum += digit;
    else sum += digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
  }
  return (10 - (sum % 10)) % 10 === Number(code[10]);
}

/**
 * An optional code of a form: '' or null clears it (stored NULL), absent leaves it as it is; trimmed and, when
 * `upper`, upper-cased before the pattern.
 */
const optionalCode = (message: string, ok: (v: string) => boolean, upper = false) =>
  safeText(message)
    .max(200, message)
    .transform((v) => (upper ? v.trim().toUpperCase() : v.trim()))
    .refine((v) => v === '' || ok(v), message)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** The centre's codes in POST /server/impostazioni (common/impostazioni.ts adds them to its body). */
export const centreCodesFields = {
  regione: z.enum(REGIONE_CODES, { error: M.regioneInvalid }).nullable().optional(),
  asl: optionalCode(M.aslInvalid, (v) => ASL_PATTERN.test(v)),
  struttura: optionalCode(M.strutturaInvalid, (v) => STRUTTURA_PATTERN.test(v), true),
  dsm: optionalCode(M.dsmInvalid, (v) => DSM_PATTERN.test(v), true),
  tipoStrutturaSism: z.enum(TIPO_STRUTTURA_CODES, { error: M.tipoStrutturaInvalid }).nullable().optional(),
};
/** In GET /server/impostazioni: each code only once set (absent: not said yet). */
export const centreCodesAnswer = {
  regione: z.enum(REGIONE_CODES).optional(),
  asl: z.string().optional(),
  struttura: z.string().optional(),
  dsm: z.string().optional(),
  tipoStrutturaSism: z.enum(TIPO_STRUTTURA_CODES).optional(),
};

/**
 * The utente's data the flows need, in PUT /server/anagrafiche/pazienti and /pazienti/update (absent: unchanged).
 * The codice fiscale's format is checked here; its check character on the server (codice-fiscale-js).
 */
export const patientFlussiFields = {
  CodiceFiscale: optionalCode(M.codiceFiscaleInvalid, (v) => CODICE_FISCALE_PATTERN.test(v) || isProvisionalCode(v), true),
  AslResidenza: optionalCode(M.aslResidenzaInvalid, (v) => ASL_PATTERN.test(v)),
  IdRegionale: optionalCode(M.idRegionaleInvalid, (v) => ID_REGIONALE_PATTERN.test(v)),
  IdContatto: optionalCode(M.idContattoInvalid, (v) => ID_CONTATTO_PATTERN.test(v)),
};

/** GET /server/flussi/paziente?ID=4 (administrators; in the access log). */
export const patientFlussiQuery = z.object({ ID: z.coerce.number({ error: 'Utente non valido' }).int().min(1).max(2_147_483_647) });
export const patientFlussiAnswer = z.object({
  ID: z.number().int(),
  CodiceFiscale: z.string().nullable(),
  AslResidenza: z.string().nullable(),
  IdRegionale: z.string().nullable(),
  IdContatto: z.string().nullable(),
});
export type PatientFlussi = z.infer<typeof patientFlussiAnswer>;

// ---- The flows ----

export const FLUSSI = ['asl', 'siar_oreprof', 'sism_pss'] as const;
export type Flusso = (typeof FLUSSI)[number];
export const FLUSSO_LABELS: Record<Flusso, string> = {
  asl: 'Rendiconto mensile per l’ASL',
  siar_oreprof: 'SIAR – ore annuali dei professionisti',
  sism_pss: 'SISM – prestazioni semiresidenziali',
};

/** A period as [first day, last day]. */
export interface Periodo {
  dal: string;
  al: string;
}
const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
export const monthPeriod = (mese: string): Periodo => {
  const [y, m] = mese.split('-').map(Number);
  return { dal: `${mese}-01`, al: `${mese}-${pad(lastDayOf(y, m))}` };
};
export const yearPeriod = (anno: number): Periodo => ({ dal: `${anno}-01-01`, al: `${anno}-12-31` });
export const semesterPeriod = (anno: number, semestre: 1 | 2): Periodo =>
  semestre === 1 ? { dal: `${anno}-01-01`, al: `${anno}-06-30` } : { dal: `${anno}-07-01`, al: `${anno}-12-31` };

const MESE = /^(20\d{2})-(0[1-9]|1[0-2])$/;
const ANNO = /^20\d{2}$/;
const SEMESTRE = /^(20\d{2})-S([12])$/;

export const meseSchema = z.string({ error: M.meseInvalid }).regex(MESE, M.meseInvalid);
export const annoSchema = z.string({ error: M.annoInvalid }).regex(ANNO, M.annoInvalid).transform(Number);
export const semestreSchema = z.enum(['1', '2'], { error: M.semestreInvalid }).transform((v) => Number(v) as 1 | 2);

/** The period of a flow, as the check's `periodo` writes it. */
export function periodOf(flusso: Flusso, periodo: string): Periodo | null {
  if (flusso === 'asl') return MESE.test(periodo) ? monthPeriod(periodo) : null;
  if (flusso === 'siar_oreprof') return ANNO.test(periodo) ? yearPeriod(Number(periodo)) : null;
  const m = SEMESTRE.exec(periodo);
  return m ? semesterPeriod(Number(m[1]), Number(m[2]) as 1 | 2) : null;
}

export const controlloQuery = z
  .object({
    flusso: z.enum(FLUSSI, { error: M.flussoInvalid }),
    periodo: z.string({ error: M.periodoInvalid }).max(10, M.periodoInvalid),
  })
  .refine((q) => periodOf(q.flusso, q.periodo) !== null, { path: ['periodo'], message: M.periodoInvalid });

/** What is missing: a setting of the centre, a field of a utente, or the period itself (no day of attendance). */
export const mancanteAnswer = z.object({
  cosa: z.enum(['impostazioni', 'paziente', 'periodo']),
  campo: z.string(),
  ID: z.number().int().optional(),
  nome: z.string().optional(),
});
export type Mancante = z.infer<typeof mancanteAnswer>;
export const avvisoAnswer = z.union([
  /** Days with activities of utenti without their roll-call mark: not counted as attendance. */
  z.object({ cosa: z.literal('giorni_senza_appello'), date: z.array(z.string()) }),
  /** Operatori who delivered hours in the period without a profile: counted nowhere. */
  z.object({ cosa: z.literal('operatori_senza_profilo'), operatori: z.array(z.object({ ID: z.number().int(), nome: z.string() })) }),
]);
export type Avviso = z.infer<typeof avvisoAnswer>;
export const controlloAnswer = z.object({
  pronto: z.boolean(),
  mancanti: z.array(mancanteAnswer),
  avvisi: z.array(avvisoAnswer),
});
export type Controllo = z.infer<typeof controlloAnswer>;
/** The 409 of an export whose check is not `pronto`. */
export interface IncompleteBody {
  error: string;
  code: string;
  mancanti: Mancante[];
}

export const aslQuery = z.object({
  mese: meseSchema,
  formato: z.enum(['json', 'csv'], { error: M.formatoInvalid }).optional().default('json'),
});
const aslFigures = {
  giorni: z.number().int(),
  giorniOltre4Ore: z.number().int(),
  ore: z.number(),
  assenzeGiustificate: z.number().int(),
  assenzeNonGiustificate: z.number().int(),
};
export const aslUtenteAnswer = z.object({
  paziente: z.number().int(),
  nome: z.string(),
  CodiceFiscale: z.string(),
  /** The days of attendance, yyyy-mm-dd. */
  date: z.array(z.string()),
  ...aslFigures,
});
export const aslAnswer = z.object({
  mese: z.string(),
  asl: z.array(z.object({ asl: z.string(), utenti: z.array(aslUtenteAnswer), totali: z.object(aslFigures) })),
});
export type AslAccount = z.infer<typeof aslAnswer>;

export const TRASMISSIONE_TIPI = ['I', 'V', 'C'] as const;
export const siarQuery = z.object({
  anno: annoSchema,
  tipo: z.enum(TRASMISSIONE_TIPI, { error: M.tipoInvalid }).optional().default('I'),
  formato: z.enum(['xml', 'csv', 'json'], { error: M.formatoInvalid }).optional().default('xml'),
});
export const pssQuery = z.object({
  anno: annoSchema,
  semestre: semestreSchema,
  formato: z.enum(['csv', 'xml', 'json'], { error: M.formatoInvalid }).optional().default('csv'),
});

/** The SIAR categories in the XSD's order: the profile (common/progetti.ts), the XML element, the CSV column. */
export const SIAR_CATEGORIE = [
  ['mmg_pls', 'OreErogateMMGPLS', 'ore_tot_mmgpls'],
  ['medico_specialista', 'OreErogateMedicoSpecialista', 'ore_tot_medspec'],
  ['infermiere', 'OreErogateInfermiere', 'ore_tot_inferm'],
  ['oss', 'OreErogateOSS', 'ore_tot_operss'],
  ['fisioterapista', 'OreErogateFisioterapista', 'ore_tot_fisio'],
  ['logopedista', 'OreErogateLogopedista', 'ore_tot_logop'],
  ['tnpee', 'OreErogateTerapistiNeuroPsicomotricitaEtaEvolutiva', 'ore_tot_terap_neuro'],
  ['terp', 'OreErogateTecnicoRiabilitazionePsichiatrica', 'ore_tot_tecn_riab_psico'],
  ['terapista_occupazionale', 'OreErogateTerapistaOccupazionale', 'ore_tot_terap_occup'],
  ['psicologo', 'OreErogatePsicologo', 'ore_tot_psico'],
  ['assistente_sociale', 'OreErogateAssistenteSociale', 'ore_tot_assistsoc'],
  ['educatore_professionale', 'OreErogateEducatoreProfessionale', 'ore_tot_educprof'],
  ['altro', 'OreErogateAltroProfessionistaSanitario', 'ore_tot_altro'],
] as const;
export const SIAR_CSV_HEADER = `tipo~anno_erog~reg_erog~as_erog~strut_erog~${SIAR_CATEGORIE.map((c) => c[2]).join('~')}`;
export const PSS_CSV_HEADER =
  'ANN_RIF~COD_PER~COD_REG~COD_ASR_RFR~COD_DSM~ID_REC_KEY~COD_STR~ID_CNT~TIP_STR_SEM_RES~DAT_ITV~MDL_PZA~TIP_TRS';

/** The preview of SIAR (`formato=json`): hours per profile, in the XSD's order. */
export const siarAnswer = z.object({
  anno: z.number().int(),
  ore: z.array(z.object({ profilo: z.string(), ore: z.number().int() })),
});
export type SiarPreview = z.infer<typeof siarAnswer>;
/** The preview of PSS (`formato=json`): one row per utente per day of attendance. */
export const pssAnswer = z.object({
  anno: z.number().int(),
  semestre: z.number().int(),
  righe: z.array(z.object({ paziente: z.number().int(), nome: z.string(), data: z.string(), modalita: z.enum(['1', '2']) })),
});
export type PssPreview = z.infer<typeof pssAnswer>;

/** PSS's ModalitaPresenza: 1 under 4 hours, 2 from 4 hours up (exactly 4 hours is 2: docs/decisions/0041). */
export const FOUR_HOURS = 240;
export const modalitaOf = (minutes: number): '1' | '2' => (minutes >= FOUR_HOURS ? '2' : '1');
/** Minutes to whole hours, half up (SIAR). */
export const wholeHours = (minutes: number) => Math.floor((minutes + 30) / 60);
/** Minutes to hours with one decimal (the ASL's account). */
export const tenthsOfHours = (minutes: number) => Math.round(minutes / 6) / 10;
