import { Link } from 'react-router';
import type { CoperturaRiga } from '../../../../common/progetti.ts';
import { missedSessions, rigaCounts, rigaState, STATE_LABEL } from '../coverage.ts';

interface Props {
  riga: CoperturaRiga;
  /** Where a short cell leads: the utente's activities of the week. */
  shortLink?: string;
  /** Read before the counts: "Mario Rossi, Logopedia individuale". */
  context: string;
}

/**
 * One riga of one utente in one week: "1 / 2" (pianificate of previste), the erogate, the sessions of the days already
 * gone that were not given ("1 non erogata nei giorni passati", mid-week too), and its state in words ("sotto il
 * progetto", "non tutte erogate"), red or amber, so colour is never the only sign. Screen readers read one sentence
 * instead of the figures: "Mario Rossi, Logopedia individuale: 2 previste, 1 pianificata, 1 erogata, sotto il progetto".
 */
export function CoverageCell({ riga, shortLink, context }: Props) {
  const state = rigaState(riga);
  const missed = missedSessions(riga);
  const sentence = `${context}: ${rigaCounts(riga)}${state === 'ok' ? '' : `, ${STATE_LABEL[state]}`}`;
  const body = (
    <>
      <span className="visually-hidden coverage-sentence">{sentence}</span>
      <span aria-hidden="true" className="coverage-main">
        {riga.pianificate} / {riga.previste}
      </span>
      <span aria-hidden="true" className="coverage-sub">
        erogate {riga.erogate}
      </span>
      {missed > 0 && (
        <span aria-hidden="true" className="coverage-missed">
          {missed} {missed === 1 ? 'non erogata' : 'non erogate'} nei giorni passati
        </span>
      )}
      {state !== 'ok' && (
        <span aria-hidden="true" className="coverage-state">
          {state === 'sotto' ? '▼ ' : '◔ '}
          {STATE_LABEL[state]}
        </span>
      )}
    </>
  );
  return (
    <div className={`coverage-cell coverage-${state}`} data-riga={context}>
      {shortLink && state === 'sotto' ? (
        <Link to={shortLink} className="coverage-link" title="Apri le sue attività della settimana">
          {body}
        </Link>
      ) : (
        <span className="coverage-static">{body}</span>
      )}
    </div>
  );
}
