import { coverageSentence, percent } from '../proposal-diff.ts';
import { PIANIFICATORE_TEXT as T } from '../texts.ts';

interface Props {
  copertura: { prima: number; dopo: number; limite: number };
}

const width = (share: number) => `${Math.max(0, Math.min(1, share)) * 100}%`;

/**
 * The coverage of the progetti's minutes: now, with the proposal and the most any proposal could reach (the solver's
 * bound), as three figures, a bar and a sentence. The bar repeats the figures for the eye (hidden from screen readers,
 * which read the figures and the sentence); each figure has the swatch of its part of the bar.
 */
export function CoverageFigures({ copertura }: Props) {
  return (
    <section aria-labelledby="pian-coverage-title" className="pian-coverage mb-3">
      <h3 id="pian-coverage-title" className="h6">
        {T.coverage}
      </h3>
      <dl className="pian-figures">
        <div>
          <dt>
            <span className="pian-swatch pian-swatch-before" aria-hidden="true" />
            {T.before}
          </dt>
          <dd>{percent(copertura.prima)}</dd>
        </div>
        <div>
          <dt>
            <span className="pian-swatch pian-swatch-after" aria-hidden="true" />
            {T.after}
          </dt>
          <dd>{percent(copertura.dopo)}</dd>
        </div>
        <div>
          <dt>
            <span className="pian-swatch pian-swatch-bound" aria-hidden="true" />
            {T.bound}
          </dt>
          <dd>{percent(copertura.limite)}</dd>
        </div>
      </dl>
      <div className="pian-coverage-bar" aria-hidden="true">
        <div className="pian-coverage-after" style={{ width: width(copertura.dopo) }} />
        <div className="pian-coverage-before" style={{ width: width(Math.min(copertura.prima, copertura.dopo)) }} />
        <div className="pian-coverage-bound" style={{ left: width(copertura.limite) }} />
      </div>
      <p className="mb-0 mt-2">{coverageSentence(copertura)}</p>
    </section>
  );
}
