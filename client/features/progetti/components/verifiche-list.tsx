import { Link } from 'react-router';
import { formatDate, todayLocal } from '../../../../common/dates.ts';
import { schedaOf } from '../../../../common/paths.ts';
import { useScadenze } from '../api/progetti.ts';
import { verificaNote } from './scheda-view.tsx';

const WITHIN_DAYS = 30;

/**
 * Verifiche in scadenza (docs/product.md, Anagrafiche): for administrators, the progetti whose review is due within 30
 * days or already past, and those ending within 30 days, oldest first, each a link to the utente's Scheda. Nothing
 * when there is none.
 */
export default function VerificheList({ today = todayLocal() }: { today?: string }) {
  const scadenze = useScadenze(WITHIN_DAYS);
  const data = scadenze.data;
  if (!data || (data.verifiche.length === 0 && data.fine.length === 0)) return null;
  return (
    <section className="verifiche card mb-3" aria-labelledby="verifiche-title">
      <div className="card-body py-2">
        <h2 id="verifiche-title" className="h6 mb-2">
          Verifiche in scadenza
        </h2>
        <ul className="list-unstyled mb-0 verifiche-list">
          {data.verifiche.map((v) => (
            <li key={`v${v.progetto}`}>
              <Link to={schedaOf(v.paziente)}>{v.nome}</Link>: verifica del {formatDate(v.data)}
              {v.data <= today && <strong className="text-danger-emphasis"> — {verificaNote(v.data, today)?.toLowerCase()}</strong>}
            </li>
          ))}
          {data.fine.map((v) => (
            <li key={`f${v.progetto}`}>
              <Link to={schedaOf(v.paziente)}>{v.nome}</Link>: il progetto finisce il {formatDate(v.data)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
