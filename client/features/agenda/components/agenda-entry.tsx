import { Link } from 'react-router';
import { agendaOf } from '../../../../common/paths.ts';
import type { AgendaEntry, AgendaKind, AgendaPerson } from '../api/get-agenda.ts';
import { entryPlace, entryTitle, fullName } from '../agenda-days.ts';

function People({ label, kind, people, day }: { label: string; kind: AgendaKind; people: AgendaPerson[]; day: string }) {
  if (people.length === 0) return null;
  return (
    <div className="agenda-people">
      <span className="text-muted">{label}: </span>
      {people.map((p, i) => (
        <span key={p.ID}>
          {i > 0 && ', '}
          <Link to={agendaOf(kind, p.ID, day)}>{fullName(p)}</Link>
        </span>
      ))}
    </div>
  );
}

/** One activity or run of the agenda: time range, what, where, with whom (and for a therapist, the patients). */
export function AgendaEntryItem({ entry, tipo }: { entry: AgendaEntry; tipo: AgendaKind }) {
  return (
    <li className={entry.tipo === 'uscita' ? 'agenda-entry agenda-run' : 'agenda-entry'}>
      <div className="agenda-time">
        {entry.inizio}–{entry.fine}
      </div>
      <div className="agenda-what">
        <div className="agenda-title">{entryTitle(entry)}</div>
        <div className="agenda-place">{entryPlace(entry)}</div>
        <People label={tipo === 'terapista' ? 'Colleghi' : 'Operatori'} kind="terapista" people={entry.operatori} day={entry.data} />
        {tipo === 'terapista' && <People label="Utenti" kind="paziente" people={entry.utenti} day={entry.data} />}
      </div>
    </li>
  );
}
