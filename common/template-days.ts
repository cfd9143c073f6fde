/**
 * Template days and Modelli's texts, apart from Modelli's contracts (common/modelli.ts, which re-exports them): the
 * calendar paints with these, and its first visit must not bring zod with the contracts' schemas
 * (docs/decisions/0036-first-visit-budget.md).
 */

/**
 * Every text of Modelli and of the whole-week writes (docs/product.md, Schermate → Modelli; Messaggi):
 * the server's refusals, then the web app's confirmations, toasts and the summary of an apply.
 */
export const MODELLI_MSG = {
  notFound: 'Modello non trovato',
  nameInvalid: 'Nome del modello non valido (da 1 a 60 caratteri)',
  nameDuplicate: 'Esiste già un modello con questo nome',
  tooMany: 'Ci sono già 200 modelli: eliminane qualcuno prima di crearne altri',
  notMonday: 'La settimana deve cominciare di lunedì',
  rangeInvalid: 'La data di fine deve essere uguale o successiva alla data di inizio',
  rangeTooLong: 'Un modello si applica al massimo a 26 settimane alla volta',
  existingInvalid: 'Scegli se saltare o sostituire le giornate già pianificate',
  pasteSameWeek: 'Scegli una settimana diversa da quella copiata',

  chooseTemplate: 'Scegli il modello da applicare',
  created: 'Modello creato',
  savedFromWeek: 'Settimana salvata come modello',
  renamed: 'Modello rinominato',
  duplicated: 'Modello duplicato',
  deleted: 'Modello eliminato',
  applying: 'Applico il modello…',
  pastingWeek: 'Incollo la settimana…',
  weekCopied: 'Settimana copiata: apri la settimana su cui incollarla e scegli Incolla settimana',
  pasteAcrossTemplate:
    'La giornata di un modello si incolla solo su un giorno di modello, e una giornata del calendario solo sul calendario',
  confirmDelete: (nome: string) => `Vuoi davvero eliminare il modello «${nome}»? La sua settimana tipo andrà persa.`,
  noTemplates: 'Nessun modello: salva una settimana come modello dalla stampa settimanale, o crea un modello vuoto.',
  skipHint: 'I giorni che hanno già attività restano come sono.',
  replaceHint: 'I giorni che hanno già attività vengono svuotati e riscritti.',
  skipped: {
    festivo: 'festivo',
    chiusura: 'chiusura del centro',
    esistente: 'già pianificato',
  },
  leftOutKinds: { paziente: 'utente', terapista: 'operatore', stanza: 'stanza' },
  leftOutReasons: { archiviato: 'archiviato', assente: 'assente' },
} as const;

/** The Monday of the first template's week; each template has its own week after it. */
export const TEMPLATE_EPOCH = '3000-01-06';

/** True for a date in the templates' reserved years (a yyyy-mm-dd string compares as a date). */
export function isTemplateDay(date: string): boolean {
  return date >= '3000-01-01';
}
