import { changesSummary, type DiffDay, type DiffEntry } from '../proposal-diff.ts';

/**
 * The proposal's changes, per day and room: a day is a disclosure (open at first) whose summary counts its changes,
 * so a keyboard user can fold the days already read. A new activity is green and starts with "+ nuova"; a removed one
 * is red, struck through and starts with "rimossa": the words say it, not the colour alone.
 */
export function ProposalDiff({ days }: { days: DiffDay[] }) {
  return (
    <div className="pian-diff">
      {days.map((day) => (
        <details key={day.data || 'altre'} open className="pian-day" data-giorno={day.data}>
          <summary>
            <span className="fw-semibold">{day.titolo}</span>
            <span className="text-body-secondary">: {changesSummary(day.nuove, day.rimosse).toLowerCase()}</span>
          </summary>
          {day.rooms.length > 0 && (
            <div className="pian-rooms">
              {day.rooms.map((room) => (
                <section key={room.stanza} className="pian-room" aria-label={`${day.titolo}, ${room.nome}`}>
                  <h4 className="pian-room-name">{room.nome}</h4>
                  <ul className="list-unstyled mb-0">
                    {room.entries.map((entry) => (
                      <Change key={entry.key} entry={entry} />
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
        </details>
      ))}
    </div>
  );
}

const peopleLine = (label: [string, string], names: string[]) =>
  names.length === 0 ? null : `${names.length === 1 ? label[0] : label[1]}: ${names.join(', ')}`;

function Change({ entry }: { entry: DiffEntry }) {
  const time = entry.inizio ? `${entry.inizio}–${entry.fine}` : '';
  const who = [peopleLine(['Operatore', 'Operatori'], entry.operatori), peopleLine(['Utente', 'Utenti'], entry.utenti)].filter(
    (line): line is string => line !== null,
  );
  const what = (
    <>
      {time && <span className="pian-time">{time}</span>} <span className="pian-name">{entry.nome}</span>
      {who.map((line) => (
        <span key={line} className="pian-people">
          {line}
        </span>
      ))}
    </>
  );
  return entry.kind === 'nuova' ? (
    <li className="pian-change pian-nuova">
      <span className="pian-mark">+ nuova</span> {what}
    </li>
  ) : (
    <li className="pian-change pian-rimossa">
      <span className="pian-mark">rimossa</span> <del>{what}</del>
    </li>
  );
}
