/**
 * The Pianificatore's screen texts (docs/product.md, Pianificatore): the modes in a plain sentence each, the steps
 * of the dialog, and for each refusal of the server the next thing to do. The server's own messages are
 * PIANIFICATORE_MSG in common/pianificatore.ts. zod-free: the weekly screen's button reads its label from here.
 */
export const PIANIFICATORE_TEXT = {
  button: 'Proponi settimana',
  buttonHint: 'Il pianificatore prepara una settimana senza conflitti dai progetti: la vedi prima di applicarla',
  title: 'Proponi settimana',
  modeLegend: 'Cosa fare con le attività già in settimana',
  completa: 'Completa',
  completaHelp: 'Tiene tutte le attività già in settimana e aggiunge le sedute che mancano ai progetti.',
  rifai: 'Rifai',
  rifaiHelp:
    'Può anche spostare o togliere le attività della settimana che hanno un tipo; quelle senza tipo (come il Pranzo) e le uscite del pulmino restano come sono.',
  seconds: 'Tempo massimo (secondi)',
  secondsHint: 'Da 1 a 60. Più tempo può dare una proposta migliore; di solito bastano 10 secondi.',
  secondsInvalid: 'Tempo non valido: da 1 a 60 secondi',
  nothingWritten: 'Niente viene scritto nel calendario finché non premi Applica.',
  prepare: 'Prepara la proposta',
  preparing: 'Preparazione della proposta',
  preparingNote: 'Il pianificatore cerca la settimana che copre più sedute, senza conflitti. Puoi chiudere: niente viene scritto.',
  stop: 'Interrompi',
  ready: 'Proposta pronta',
  coverage: 'Copertura dei progetti',
  before: 'Ora',
  after: 'Con la proposta',
  bound: 'Il massimo possibile',
  changes: 'Modifiche alla settimana',
  noChanges: 'La proposta non cambia niente: la settimana resta com’è.',
  notCovered: 'Non coperte',
  allCovered: 'Ogni seduta chiesta dai progetti trova posto.',
  apply: 'Applica',
  discard: 'Scarta',
  applying: 'Scrittura della settimana…',
  discarded: 'Proposta scartata: la settimana resta com’era',
  failed: 'La proposta non è riuscita',
  retry: 'Riprova',
  newProposal: 'Prepara una nuova proposta',
  close: 'Chiudi',
  /** After a refusal of the server, what to do next (the server's message says what happened). */
  busyNext: 'Aspetta che finisca (al massimo un minuto), poi riprova.',
  noProgettiNext: 'Scrivi i progetti degli utenti nella loro Scheda, poi riprova.',
  changedNext: 'Qualcuno ha cambiato la settimana mentre la guardavi: prepara una nuova proposta, niente è stato scritto.',
} as const;

/** The success toast of Applica: "Settimana pianificata: 34 modifiche scritte". */
export const appliedText = (scritte: number) =>
  `Settimana pianificata: ${scritte === 1 ? '1 modifica scritta' : `${scritte} modifiche scritte`}`;
