/**
 * The conflicts of issue 29 (docs/product.md, Regole, Progetto individuale): what the day's plan does against
 * the progetti, the types of activity and the operatori's profiles and availability. Warnings only, like the
 * others (common/conflicts.ts). Pure: the server gives the context it read, the web app may reuse it.
 *
 * - `profilo`: an operatore with a profile in an activity whose type needs another one (an operatore without a
 *   profile, existing data, is never flagged: she shows "profilo da indicare").
 * - `disponibilita`: an operatore with availability windows (on any weekday) in an activity that does not lie
 *   inside one window of its weekday (an operatore without any window has not said, and is never flagged).
 * - `fuori_progetto`: an utente in an activity with a type on a day no progetto of his covers, on a weekday outside
 *   that progetto's frequenza, outside his hours at the centre that day (hoursAtCentre: the frequenza's window, or his
 *   minibus runs' when he travels on them), or of a type the progetto has no riga for. Activities without a type never
 *   are, nor the days of the weekly templates.
 * - `capienza`: an activity with more utenti than its type's `partecipanti`.
 * - `ore_settimanali` (week level): an operatore's minutes in the week's activities exceed her contracted hours.
 */
import { sortConflicts, type Conflict, type FuoriProgettoCausa } from './conflicts.ts';
import { WEEKDAYS_IT, isRealDate, weekdayOf } from './dates.ts';
import { operatoreLabel } from './people.ts';
import { PROFILO_CODES, profiloInSentence, type Finestra, type Profilo, type WeekConflict } from './progetti.ts';
import { minutesOf, type DayActivity, type DayTransportRun } from './schemas.ts';

export interface PlanTipo {
  profilo: Profilo | null;
  partecipanti: number;
}
export interface PlanTherapist {
  profilo: Profilo | null;
  oreSettimanali: number | null;
  disponibilita: Finestra[];
}
export interface PlanProgetto {
  dal: string;
  al: string | null;
  frequenza: Finestra[];
  /** The types of its righe. */
  tipi: number[];
}
export interface PlanContext {
  tipi: Map<number, PlanTipo>;
  terapisti: Map<number, PlanTherapist>;
  /** Every progetto of each utente of the day (an utente with none is absent or maps to []). */
  progetti: Map<number, PlanProgetto[]>;
}

export const NO_TYPE = -1;

const covers = (p: PlanProgetto, day: string) => p.dal <= day && (p.al === null || day <= p.al);

/** The progetto of an utente that covers `day`, if any (periods of one utente never overlap). */
export const progettoOn = (list: PlanProgetto[] | undefined, day: string) => list?.find((p) => covers(p, day));

/** Whether [start, end) lies inside one of the windows of that weekday. */
export function insideWindows(windows: Finestra[], weekday: number, start: string, end: string): boolean {
  const s = minutesOf(start);
  const e = minutesOf(end);
  return windows.some((w) => w.giorno === weekday && minutesOf(w.dalle) <= s && e <= minutesOf(w.alle));
}

/** A minibus run of the day as the hours at the centre read it: departure, arrival (HH:mm). */
export type PlanRun = Pick<DayTransportRun, 'Ora' | 'OraArrivo'>;

export interface AtCentre {
  from: number;
  to: number;
  /** Whether one of his minibus runs set either end. */
  pulmino: boolean;
}

/**
 * The hours an utente is at the centre on `day` under progetto `p` (minutes from midnight, half-open), or null when
 * that weekday is outside his frequenza. By default the frequenza's window of the weekday; when he travels on some of
 * the day's minibus runs (`runs`, his own), from his andata's arrival to his ritorno's departure: the andata is his
 * first run (by departure) that arrives by the middle of the frequenza's window, the ritorno his last run that leaves
 * after it; with only an andata he stays until the window's end, with only a ritorno he came at its start.
 */
export function hoursAtCentre(p: PlanProgetto, day: string, runs: PlanRun[] = []): AtCentre | null {
  const w = p.frequenza.find((f) => f.giorno === weekdayOf(day));
  if (!w) return null;
  const from = minutesOf(w.dalle);
  const to = minutesOf(w.alle);
  const middle = (from + to) / 2;
  const sorted = [...runs].sort((a, b) => minutesOf(a.Ora) - minutesOf(b.Ora) || minutesOf(a.OraArrivo) - minutesOf(b.OraArrivo));
  const andata = sorted.find((r) => minutesOf(r.OraArrivo) <= middle);
  const ritorno = [...sorted].reverse().find((r) => r !== andata && minutesOf(r.Ora) >= middle);
  return {
    from: andata ? minutesOf(andata.OraArrivo) : from,
    to: ritorno ? minutesOf(ritorno.Ora) : to,
    pulmino: andata !== undefined || ritorno !== undefined,
  };
}

/**
 * Why the utente is outside his progetto in an activity of type `tipo` on `day`, or null when he is not. `slot`: the
 * activity's times and the minibus runs he travels on that day (without it, the hours are not checked).
 */
export function fuoriProgettoCausa(
  list: PlanProgetto[] | undefined,
  day: string,
  tipo: number,
  slot?: { start: string; end: string; runs: PlanRun[] },
): FuoriProgettoCausa | null {
  const p = progettoOn(list, day);
  if (!p) return 'senza_progetto';
  const hours = hoursAtCentre(p, day, slot?.runs);
  if (!hours) return 'frequenza';
  if (slot && (minutesOf(slot.start) < hours.from || minutesOf(slot.end) > hours.to)) return 'orario';
  if (!p.tipi.includes(tipo)) return 'tipo';
  return null;
}

const CAUSE_ORDER: FuoriProgettoCausa[] = ['senza_progetto', 'frequenza', 'orario', 'tipo'];

const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * The Italian sentence of a conflict of the new kinds, for the banner and the card. `hours`: for `fuori_progetto` of
 * cause `orario`, the utente's hours at the centre that day and whether the minibus set them.
 */
export function planConflictText(c: Conflict, day: string, hours?: AtCentre): string {
  switch (c.tipo) {
    case 'profilo':
      return `${c.nome} non è ${(c.profili ?? []).map(profiloInSentence).join(' né ')}`;
    case 'disponibilita':
      return `${c.nome} non è disponibile in questo orario`;
    case 'fuori_progetto':
      if (c.causa === 'senza_progetto') return `${c.nome} non ha un progetto in corso in questo giorno`;
      if (c.causa === 'frequenza') return `${c.nome} di ${WEEKDAYS_IT[weekdayOf(day)].toLowerCase()} non frequenta il centro`;
      if (c.causa === 'orario') {
        const when = hours ? ` solo dalle ${clock(hours.from)} alle ${clock(hours.to)}${hours.pulmino ? ', con il pulmino' : ''}` : '';
        return `${c.nome} in questo giorno è al centro${when || ' in altri orari'}`;
      }
      return `${c.nome} è in un'attività che il suo progetto non prevede`;
    case 'capienza':
      return `${c.nome}: ${c.iscritti} utenti, al massimo ${c.partecipanti} per questo tipo di attività`;
    default:
      return c.nome;
  }
}

/**
 * The conflicts of the new kinds of one day. `uscite`: the day's minibus runs, whose passengers' hours at the centre
 * run from their andata's arrival to their ritorno's departure (hoursAtCentre).
 */
export function findPlanConflicts(
  day: { data: string; attivita: DayActivity[]; uscite?: (PlanRun & Pick<DayTransportRun, 'Pazienti'>)[] },
  ctx: PlanContext,
): Conflict[] {
  const weekday = weekdayOf(day.data);
  const runsOf = new Map<number, PlanRun[]>();
  /** The hours at the centre of each utente `fuori_progetto` for `orario`, for the sentence. */
  const hoursOf = new Map<number, AtCentre>();
  for (const r of day.uscite ?? []) for (const p of r.Pazienti) runsOf.set(p.RifPaziente, [...(runsOf.get(p.RifPaziente) ?? []), r]);
  const byKey = new Map<string, Conflict & { causeIndex?: number }>();
  const add = (key: string, base: Omit<Conflict, 'attivita' | 'uscite'>, activity: number) => {
    let c = byKey.get(key);
    if (!c) byKey.set(key, (c = { ...base, attivita: [], uscite: [] }));
    if (!c.attivita.includes(activity)) c.attivita.push(activity);
    return c;
  };
  for (const a of day.attivita) {
    const tipoId = a.RifTipo ?? NO_TYPE;
    const tipo = tipoId > 0 ? ctx.tipi.get(tipoId) : undefined;
    for (const t of a.Terapisti) {
      const th = ctx.terapisti.get(t.RifTerapista);
      if (!th) continue;
      const nome = operatoreLabel(t);
      if (tipo?.profilo && th.profilo && th.profilo !== tipo.profilo) {
        const c = add(`profilo:${t.RifTerapista}`, { tipo: 'profilo', ID: t.RifTerapista, nome, persona: 'terapista', profili: [] }, a.ID);
        if (!c.profili!.includes(tipo.profilo)) c.profili!.push(tipo.profilo);
      }
      if (th.disponibilita.length > 0 && !insideWindows(th.disponibilita, weekday, a.OraInizio, a.OraFine)) {
        add(`disponibilita:${t.RifTerapista}`, { tipo: 'disponibilita', ID: t.RifTerapista, nome, persona: 'terapista' }, a.ID);
      }
    }
    if (!tipo) continue;
    // A weekly template's day (years 3000–3999) belongs to no progetto: only the real days are checked against them.
    for (const p of isRealDate(day.data) ? a.Pazienti : []) {
      const list = ctx.progetti.get(p.RifPaziente);
      const runs = runsOf.get(p.RifPaziente) ?? [];
      const causa = fuoriProgettoCausa(list, day.data, tipoId, { start: a.OraInizio, end: a.OraFine, runs });
      if (causa === null) continue;
      if (causa === 'orario' && !hoursOf.has(p.RifPaziente))
        hoursOf.set(p.RifPaziente, hoursAtCentre(progettoOn(list, day.data)!, day.data, runs)!);
      const nome = `${p.Nome} ${p.Cognome}`;
      const c = add(`fuori:${p.RifPaziente}`, { tipo: 'fuori_progetto', ID: p.RifPaziente, nome, persona: 'paziente', causa }, a.ID);
      if (CAUSE_ORDER.indexOf(causa) < CAUSE_ORDER.indexOf(c.causa!)) c.causa = causa;
    }
    if (a.Pazienti.length > tipo.partecipanti) {
      add(
        `capienza:${a.ID}`,
        { tipo: 'capienza', ID: a.ID, nome: a.NomeAttivita, partecipanti: tipo.partecipanti, iscritti: a.Pazienti.length },
        a.ID,
      );
    }
  }
  const found = [...byKey.values()].map((c) => {
    const out: Conflict = { ...c, attivita: c.attivita.sort((x, y) => x - y) };
    if (out.profili) out.profili = PROFILO_CODES.filter((p) => out.profili!.includes(p));
    out.testo = planConflictText(out, day.data, out.tipo === 'fuori_progetto' ? hoursOf.get(out.ID) : undefined);
    return out;
  });
  return sortConflicts(found);
}

/** The week's `ore_settimanali`: `monday` starts the week, `activities` are its activities (any day of it). */
export function findWeekConflicts(
  monday: string,
  activities: Pick<DayActivity, 'ID' | 'OraInizio' | 'OraFine' | 'Terapisti'>[],
  terapisti: Map<number, PlanTherapist>,
): WeekConflict[] {
  const perTherapist = new Map<number, { nome: string; minuti: number; attivita: number[] }>();
  for (const a of activities) {
    const minutes = minutesOf(a.OraFine) - minutesOf(a.OraInizio);
    for (const t of a.Terapisti) {
      let e = perTherapist.get(t.RifTerapista);
      if (!e) perTherapist.set(t.RifTerapista, (e = { nome: operatoreLabel(t), minuti: 0, attivita: [] }));
      e.minuti += minutes;
      e.attivita.push(a.ID);
    }
  }
  const out: WeekConflict[] = [];
  for (const [id, e] of perTherapist) {
    const ore = terapisti.get(id)?.oreSettimanali;
    if (ore === null || ore === undefined || e.minuti <= ore * 60) continue;
    out.push({
      tipo: 'ore_settimanali',
      ID: id,
      nome: e.nome,
      settimana: monday,
      minutiPianificati: e.minuti,
      minutiContratto: ore * 60,
      attivita: [...new Set(e.attivita)].sort((x, y) => x - y),
    });
  }
  return out.sort((x, y) => x.nome.localeCompare(y.nome, 'it') || x.ID - y.ID);
}

/** "paola.neri: 32 ore pianificate su 30 di contratto". */
export function weekConflictText(c: WeekConflict): string {
  const h = (m: number) => (m % 60 === 0 ? String(m / 60) : (m / 60).toFixed(1).replace('.', ','));
  return `${c.nome}: ${h(c.minutiPianificati)} ore pianificate su ${h(c.minutiContratto)} di contratto`;
}
