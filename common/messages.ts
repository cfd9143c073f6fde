/**
 * Every Italian text the product shows or answers with, listed in
 * docs/product.md (Messaggi). They are the product's own words, shown
 * exactly as written: the first groups are the texts users already know,
 * kept word for word (spelling and punctuation included); the last group
 * holds the refusals of the server that have no such text.
 */
export const MSG = {
  // The sign-in form
  usernameInvalid: 'Inserisci un username valido (min. 4 caratteri)',
  passwordInvalid: 'Inserisci una password valida (min. 4 caratteri)',
  // Crea / Modifica attività
  activityNameInvalid: 'Nome attività non valido',
  roomInvalid: 'Stanza non valida',
  startInvalid: 'Inserisci un orario di inizio in formato HH:mm',
  endInvalid: 'Inserisci un orario di fine attività in formato HH:mm',
  // Confirmations
  confirmEmptyDay: 'Vuoi davvero svuotare questa giornata? Potrai annullare dal Registro',
  /** After a question before a write that replaces days: the registro's Annulla takes it back. */
  undoFromRegistro: 'Potrai annullare dal Registro.',
  confirmDeleteActivity: 'Sei sicuro di voler eliminare questa attività?',
  confirmRemovePatient: 'Vuoi davvero eliminare questo paziente da questa attività?',
  confirmRemoveTherapist: 'Vuoi davvero eliminare questo terapista da questa attività?',
  // Refusals, progress and success
  loginFailed: 'Hai inserito dei dati errati o non sei autorizzato, riprova.',
  genericError: 'Si è verificato un errore',
  genericRetry: 'Si è verificato un errore, riprova',
  genericHere: 'Si è verificato un errore, qui',
  activityAlreadyPresent: 'Attività è già presente.',
  patientDuplicate: 'Il paziente è già inserito in questa attività',
  therapistDuplicate: 'Il terapista è già inserito in questa attività',
  inserting: 'Inserisco...',
  patientsInserted: 'Pazienti inseriti con successo',
  therapistsInserted: 'Terapisti inseriti con successo',
  personInserted: 'Paziente/Terapista inserito con successo',
  emptyingDay: 'Svuoto la giornata...',
  dayEmptied: 'Giornata svuotata',
  dayEmptiedOk: 'Giornata svuotata con successo',
  activityCreated: 'Attività creata con successo',
  saved: 'Salvato',
  deleted: 'Eliminato con successo',

  // The server's other refusals.
  notSignedIn: 'Accesso non autorizzato: effettua il login',
  adminOnly: 'Operazione riservata agli amministratori',
  csrfInvalid: 'Richiesta rifiutata: token di sicurezza mancante o non valido, ricarica la pagina',
  dateInvalid: 'Data non valida: usa il formato aaaa-mm-gg con una data esistente',
  idInvalid: 'Identificativo non valido',
  endBeforeStart: "L'orario di fine deve essere successivo all'orario di inizio",
  transportNotEditable: 'Le attività di trasporto non si possono modificare, solo eliminare',
  transportNotFound: 'Uscita non trovata',
  activityTypeNotFound: 'Tipo di attività non trovato',
  transportOtherDay: "L'uscita scelta non è di questa giornata",
  activityNotFound: 'Attività non trovata',
  patientNotFound: 'Paziente non trovato',
  therapistNotFound: 'Terapista non trovato',
  roomNotFound: 'Stanza non trovata',
  linkNotFound: 'Collegamento non trovato',
  weekRangeInvalid: 'Intervallo di date non valido',
  pasteSameDay: 'Attività è già presente.',
  bodyInvalid: 'Richiesta non valida',
  bodyTooLarge: 'Richiesta troppo grande',
  notFound: 'Risorsa non trovata',
  searchInvalid: 'Testo di ricerca non valido',
  tooManyRequests: 'Troppi tentativi, riprova più tardi',
  textInvalidChars: 'Il testo contiene caratteri non ammessi',
  invisibleChars: 'Il nome contiene caratteri invisibili (spazi di larghezza zero o segni di direzione): cancellalo e riscrivilo',
  rangeTooLong: "L'intervallo può coprire al massimo 31 giorni",
  tooManyReads: 'Troppe richieste in poco tempo, riprova tra un minuto',
  activityStale: "L'attività è stata modificata da un altro utente: ricarica la giornata",
  versionInvalid: 'Versione non valida',
  /** The one wording of a person's kind refused (Presenze, Agenda, Registro): utente is a patient, operatore a therapist. */
  personKindInvalid: 'Tipo di persona non valido: scegli utente o operatore',
  tooManyLiveStreams: 'Troppe connessioni aggiornate aperte con questo account: chiudi qualche scheda o dispositivo',
  liveStreamsFull: 'Il server ha già troppe connessioni aggiornate aperte: i dati si aggiornano alla prossima ricarica, riprova tra poco',
} as const;

/** Texts of the accessible screens: the Italian date picker, the skip link, page titles (docs/product.md, Aspetto). */
export const A11Y_MSG = {
  dateFormatHint: 'Formato gg/mm/aaaa',
  dateInvalid: 'Data non valida: scrivila come gg/mm/aaaa, per esempio 23/11/2026',
  dateRequired: 'Inserisci una data nel formato gg/mm/aaaa',
  openCalendar: (label: string) => `${label}: scegli dal calendario`,
  timeFormatHint: 'Formato hh:mm, 24 ore (per esempio 09:30); freccia giù per scegliere ogni 5 minuti',
  timeInvalid: 'Orario non valido: scrivilo come hh:mm, da 00:00 a 23:59, per esempio 09:30',
  timeInvalidEnd: 'Orario non valido: scrivilo come hh:mm, da 00:00 a 24:00, per esempio 09:30',
  timeEndOfDayOnlyAsEnd: '24:00 è la fine della giornata: vale solo come orario di fine',
  // Not the field's label: a test or a screen reader looking for "Ora inizio" finds the field alone.
  timeChoices: 'Orari ogni 5 minuti',
  openTimeChoices: 'Scegli dall’elenco degli orari',
  calendarDialog: (label: string) => `Calendario (${label})`,
  calendarLoading: 'Caricamento del calendario…',
  loading: 'Caricamento…',
  previousDay: 'Giorno precedente',
  nextDay: 'Giorno successivo',
  today: 'Oggi',
  weekend: 'Fine settimana',
  skipToCalendar: 'Vai al calendario',
  skipToContent: 'Vai al contenuto',
  appName: 'Giornata',
} as const;
