import { Link } from 'react-router';
import { paths } from '../../../../common/paths.ts';

/** The Anagrafiche tab that holds each step, in the order a new centre needs them. */
const STEPS = [
  { scheda: 'stanze', title: 'Le stanze', text: 'dove si svolgono le attività: ogni stanza è una colonna del calendario.' },
  { scheda: 'terapisti', title: 'Gli operatori', text: 'chi conduce le attività e accompagna le uscite.' },
  { scheda: 'pazienti', title: 'Gli utenti', text: 'chi frequenta il centro, con i contatti della famiglia.' },
  { scheda: 'account', title: 'Gli account', text: 'per chi consulta o pianifica la giornata, ciascuno con il proprio.' },
] as const;

/**
 * What a centre without rooms shows instead of an empty grid: the four things to create first, each a link to its
 * Anagrafiche tab for an administrator; anyone else is told who can do it.
 */
export function FirstSteps({ admin }: { admin: boolean }) {
  return (
    <section className="card first-steps mx-auto my-4" aria-labelledby="primi-passi">
      <div className="card-body">
        <h2 id="primi-passi" className="h4">
          Primi passi
        </h2>
        {admin ? (
          <>
            <p>Il centro è ancora vuoto. Per pianificare la prima giornata, inserisci in Anagrafiche:</p>
            <ol className="mb-0">
              {STEPS.map((step) => (
                <li key={step.scheda} className="mb-2">
                  <Link to={`${paths.anagrafiche}?scheda=${step.scheda}`}>{step.title}</Link>: {step.text}
                </li>
              ))}
            </ol>
          </>
        ) : (
          <p className="mb-0">
            Il centro non ha ancora stanze, operatori e utenti: li inserisce un amministratore in Anagrafiche. Poi qui comparirà la
            giornata.
          </p>
        )}
      </div>
    </section>
  );
}
