import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CoperturaRiga } from '../../../../common/progetti.ts';
import { CoverageCell } from './coverage-cell.tsx';

const riga = (r: Pick<CoperturaRiga, 'previste' | 'pianificate' | 'erogate' | 'pianificatePassate' | 'erogatePassate'>): CoperturaRiga => ({
  tipo: 3,
  nome: 'Logopedia individuale',
  minutiPrevisti: r.previste * 45,
  minutiPianificati: r.pianificate * 45,
  minutiErogati: r.erogate * 45,
  ...r,
});

function cell(r: CoperturaRiga) {
  const { container } = render(
    <MemoryRouter>
      <CoverageCell riga={r} context="Mario Rossi, Logopedia individuale" shortLink="/agenda" />
    </MemoryRouter>,
  );
  const root = container.querySelector('.coverage-cell')!;
  return {
    className: root.className,
    sentence: root.querySelector('.coverage-sentence')!.textContent,
    /** What a sighted reader sees, the hidden sentence left out. */
    visible: [...root.querySelectorAll('[aria-hidden="true"]')].map((e) => e.textContent).join(' | '),
  };
}

describe('a Copertura cell', () => {
  it('turns amber mid-week when a session of a day already gone was not given, and says so in words', () => {
    // Wednesday: Monday's session given, Tuesday's without a present mark, Thursday's still to come.
    const c = cell(riga({ previste: 3, pianificate: 3, erogate: 1, pianificatePassate: 2, erogatePassate: 1 }));
    expect(c.className).toContain('coverage-non_erogate');
    expect(c.visible).toBe('3 / 3 | erogate 1 | 1 non erogata nei giorni passati | ◔ non tutte erogate');
    expect(c.sentence).toBe(
      'Mario Rossi, Logopedia individuale: 3 previste, 3 pianificate, 1 erogata, 1 non erogata nei giorni passati, non tutte erogate',
    );
  });

  it('stays plain mid-week while what is not given yet lies ahead', () => {
    const c = cell(riga({ previste: 2, pianificate: 2, erogate: 1, pianificatePassate: 1, erogatePassate: 1 }));
    expect(c.className).toContain('coverage-ok');
    expect(c.visible).toBe('2 / 2 | erogate 1');
    expect(c.sentence).toBe('Mario Rossi, Logopedia individuale: 2 previste, 2 pianificate, 1 erogata');
  });

  it('is red when short, links to the week, and still names the sessions of the days gone not given', () => {
    const { container } = render(
      <MemoryRouter>
        <CoverageCell
          riga={riga({ previste: 3, pianificate: 2, erogate: 0, pianificatePassate: 1, erogatePassate: 0 })}
          context="Mario Rossi, Logopedia individuale"
          shortLink="/agenda"
        />
      </MemoryRouter>,
    );
    const root = container.querySelector('.coverage-cell')!;
    expect(root.className).toContain('coverage-sotto');
    expect(root.querySelector('a')?.getAttribute('href')).toBe('/agenda');
    expect(root.querySelector('.coverage-sentence')!.textContent).toBe(
      'Mario Rossi, Logopedia individuale: 3 previste, 2 pianificate, 0 erogate, 1 non erogata nei giorni passati, sotto il progetto',
    );
    expect(root.querySelector('.coverage-state')!.textContent).toBe('▼ sotto il progetto');
  });
});
