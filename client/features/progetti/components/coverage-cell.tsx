import { Link } from 'react-router';
import type { CoperturaRiga } from '../../../../common/progetti.ts';
import { rigaCounts, rigaState, STATE_LABEL } from '../coverage.ts';

interface Props {
  riga: CoperturaRiga;
  weekOver: boolean;
  /** Where a short cell leads: the utente's activities of the week. */
  shortLink?: string;
  /** Read with the cell's link: "Mario Rossi, Logopedia individuale". */
  context: string;
}

/**
 * One riga of one utente in one week: "1 / 2" (pianificate of previste) and the erogate, with its state in words
 * ("sotto il progetto", "non tutte erogate"), red or amber, so colour is never the only sign.
 */
export function CoverageCell({ riga, weekOver, shortLink, context }: Props) {
  const state = rigaState(riga, weekOver);
  const body = (
    <>
      <span className="coverage-main">
        {riga.pianificate} / {riga.previste}
      </span>
      <span className="coverage-sub">erogate {riga.erogate}</span>
      {state !== 'ok' && (
        <span className="coverage-state">
          <span aria-hidden="true">{state === 'sotto' ? '▼ ' : '◔ '}</span>
          {STATE_LABEL[state]}
        </span>
      )}
    </>
  );
  const label = `${context}: ${rigaCounts(riga)}${state === 'ok' ? '' : `, ${STATE_LABEL[state]}`}`;
  return (
    <div className={`coverage-cell coverage-${state}`} title={rigaCounts(riga)}>
      {shortLink && state === 'sotto' ? (
        <Link to={shortLink} className="coverage-link" aria-label={`${label}: apri le sue attività della settimana`}>
          {body}
        </Link>
      ) : (
        <span aria-label={label} role="img" className="coverage-static">
          {body}
        </span>
      )}
    </div>
  );
}
