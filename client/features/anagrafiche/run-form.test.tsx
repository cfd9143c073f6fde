import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ANAGRAFICHE_MSG } from '../../../common/anagrafiche.ts';
import { RunFormModal } from './components/run-form-modal.tsx';
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

  it('offers the two minibuses by colour', () => {
    renderWithCache(<RunFormModal day="2026-11-23" onClose={() => {}} />);
    const select = screen.getByLabelText('Pulmino') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Bianco', 'Blu']);
  });
});
