import { useQuery } from '@tanstack/react-query';
import { absentNote } from '../../../../common/absence-reasons.ts';
import { formatMobile } from '../../../lib/phone.ts';
import { fogliQueryOptions } from '../api/trasporti.ts';
import '../trasporti.css';

/** A maps search of an address that a phone opens in its maps app. */
export const mapsHref = (address: string) => `geo:0,0?q=${encodeURIComponent(address)}`;

/**
 * A run in the driver's agenda (La mia agenda): the mezzo and the stops in order, each with its time, the address as a
 * link to the phone's maps, the family's phone as a `tel:` link, ♿ for a wheelchair and the notes; who is absent that
 * day is struck through with the reason. Read with the day (a live change to the day reloads it).
 */
export default function AgendaRunStops({ day, runId }: { day: string; runId: number }) {
  const fogli = useQuery(fogliQueryOptions(day));
  const run = fogli.data?.uscite.find((u) => u.ID === runId);
  if (fogli.isError) return <p className="small text-muted mb-0">Fermate non disponibili: controlla la connessione.</p>;
  if (!run) return null;
  return (
    <div className="agenda-stops">
      <div className="small">
        {run.Mezzo.Nome}
        {run.Mezzo.Targa && `, targa ${run.Mezzo.Targa}`}
        {run.autista && <> · autista {run.autista.nome}</>}
      </div>
      {run.fermate.length === 0 ? (
        <p className="small text-muted mb-0">Nessun passeggero.</p>
      ) : (
        <ol className="agenda-stop-list" aria-label={`Fermate di ${run.Tratta}, in ordine`}>
          {run.fermate.map((s) => {
            const name = `${s.Nome} ${s.Cognome}`;
            const absent = s.Assente && s.Motivo ? absentNote(s.Motivo) : null;
            return (
              <li key={s.RifPaziente} className={absent ? 'agenda-stop agenda-stop-absent' : 'agenda-stop'}>
                <span className="agenda-stop-time">{s.OraFermata ? s.OraFermata.slice(0, 5) : '--:--'}</span>{' '}
                <span className="fw-semibold">{absent ? <s>{name}</s> : name}</span>
                {s.Carrozzina && (
                  <span title="Viaggia in carrozzina">
                    {' '}
                    <span aria-hidden="true">♿</span>
                    <span className="visually-hidden">carrozzina</span>
                  </span>
                )}
                {absent && <span className="agenda-absent-note"> ({absent}, non sale)</span>}
                {s.Indirizzo && (
                  <div>
                    <a href={mapsHref(s.Indirizzo)} aria-label={`${s.Indirizzo}, apri nelle mappe`}>
                      {s.Indirizzo}
                    </a>
                  </div>
                )}
                {s.Cellulare && (
                  <div>
                    <a href={`tel:${s.Cellulare}`} aria-label={`Chiama la famiglia di ${name}, ${formatMobile(s.Cellulare)}`}>
                      {formatMobile(s.Cellulare)}
                    </a>
                  </div>
                )}
                {s.NoteTrasporto && <div className="small text-muted">{s.NoteTrasporto}</div>}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
