import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { agendaOf } from '../../../../common/paths.ts';
import { absentNote } from '../../../../common/presenze.ts';
import type { AgendaEntry, AgendaKind, AgendaPerson } from '../api/get-agenda.ts';
import { entryPlace, entryTitle, fullName } from '../agenda-days.ts';

/** A person of the slot: struck through when absent that day, and the words say it ("assente: malattia"), not the line alone. */
function Person({ kind, person, day }: { kind: AgendaKind; person: AgendaPerson; day: string }) {
  const link = <Link to={agendaOf(kind, person.ID, day)}>{fullName(person)}</Link>;
  if (!person.assente || !person.motivo) return link;
  return (
    <span className="agenda-absent">
      <s>{link}</s> <span className="agenda-absent-note">({absentNote(person.motivo)})</span>
    </span>
  );
}

function People({ label, kind, people, day }: { label: string; kind: AgendaKind; people: AgendaPerson[]; day: string }) {
  if (people.length === 0) return null;
  return (
    <div className="agenda-people">
      <span className="text-muted">{label}: </span>
      {people.map((p, i) => (
        <span key={p.ID}>
          {i > 0 && ', '}
          <Person kind={kind} person={p} day={day} />
        </span>
      ))}
    </div>
  );
}

/** A run's stops in an operatore's agenda (features/trasporti, given by the route): in order, with maps and phone links. */
export type RunDetails = (day: string, runId: number) => ReactNode;

/**
 * One activity or run of the agenda: time range, what, where, with whom (and for a therapist, the patients). On a day the
 * agenda's own person is absent the slot stays (the plan still holds them) but is struck through and says "assente: malattia".
 */
export function AgendaEntryItem({ entry, tipo, runDetails }: { entry: AgendaEntry; tipo: AgendaKind; runDetails?: RunDetails }) {
  const absent = entry.assente && entry.motivo ? absentNote(entry.motivo) : null;
  const withStops = tipo === 'terapista' && entry.tipo === 'uscita' && !!runDetails;
  const classes = ['agenda-entry', entry.tipo === 'uscita' ? 'agenda-run' : '', absent ? 'agenda-entry-absent' : ''].filter(Boolean);
  return (
    <li className={classes.join(' ')}>
      <div className="agenda-time">
        {entry.inizio}–{entry.fine}
      </div>
      <div className="agenda-what">
        {absent && <div className="agenda-absent-note fw-semibold">{absent[0].toUpperCase() + absent.slice(1)}</div>}
        <div className="agenda-title">{entryTitle(entry)}</div>
        {/* A run with its stops names its mezzo there. */}
        <div className="agenda-place">{withStops ? `Uscita ${entry.nome}` : entryPlace(entry)}</div>
        <People label={tipo === 'terapista' ? 'Colleghi' : 'Operatori'} kind="terapista" people={entry.operatori} day={entry.data} />
        {withStops && entry.tipo === 'uscita' && runDetails
          ? runDetails(entry.data, entry.ID)
          : tipo === 'terapista' && <People label="Utenti" kind="paziente" people={entry.utenti} day={entry.data} />}
      </div>
    </li>
  );
}
