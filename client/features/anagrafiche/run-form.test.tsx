import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ANAGRAFICHE_MSG } from '../../../common/anagrafiche.ts';
import { RunFormModal } from './components/run-form-modal.tsx';
import { mezziQueryOptions } from './api/mezzi.ts';
import { renderWithCache } from '../../test/render.tsx';

describe('RunFormModal', () => {
  it('refuses an arrival not after the departure, under Arrivo, and a too short route under Tratta', async () => {
    renderWithCache(<RunFormModal day="2026-11-23" onClose={() => {}} />);
    expect(screen.getByText('Giorno: 23-11-2026')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Tratta'), 'A');
    const arrival = screen.getByLabelText('Arrivo');
    await userEvent.clear(arrival);
    await userEvent.type(arrival, '07:30');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(document.getElementById('run-arrival-error')?.textContent).toBe(ANAGRAFICHE_MSG.arrivalBeforeDeparture);
    expect(document.getElementById('run-route-error')?.textContent).toBe(ANAGRAFICHE_MSG.routeInvalid);
  });

  it('offers the active mezzi with their seats, the first chosen for a new run', () => {
    renderWithCache(<RunFormModal day="2026-11-23" onClose={() => {}} />, (client) =>
      client.setQueryData(mezziQueryOptions(false).queryKey, [
        { ID: 1, Nome: 'Pulmino bianco', Targa: '', posti: 8, postiCarrozzina: 1, colore: 'bianco', Archiviato: false },
        { ID: 3, Nome: 'Pulmino attrezzato', Targa: 'AB123CD', posti: 6, postiCarrozzina: 0, colore: 'verde', Archiviato: false },
      ]),
    );
    const select = screen.getByLabelText('Mezzo') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Pulmino bianco (8 posti, 1 carrozzina)', 'Pulmino attrezzato (6 posti)']);
    expect(select.value).toBe('1');
  });
});
