import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PAGE_SIZE } from '../../../common/anagrafiche.ts';
import { patientsQueryOptions } from './api/patients.ts';
import { mezziQueryOptions } from './api/mezzi.ts';
import { AnagraficheView } from './components/anagrafiche-view.tsx';
import { pageNumbers } from './components/anagrafiche-pagination.tsx';
import { renderWithCache } from '../../test/render.tsx';

const pickup = { Indirizzo: '', Carrozzina: false, NoteTrasporto: '' };
const mario = { ID: 4, Nome: 'Mario', Cognome: 'Rossi', Cellulare: '+393331112222', Archiviato: false, ...pickup };
const giorgio = { ID: 5, Nome: 'Giorgio', Cognome: 'Verdi', Cellulare: '', Archiviato: false, ...pickup };

function renderView(onTabChange = vi.fn(), total = 2) {
  renderWithCache(
    <AnagraficheView tab="pazienti" onTabChange={onTabChange} day="2026-11-23" onDayChange={() => {}} centreTab={null} />,
    (client) =>
      client.setQueryData(patientsQueryOptions('', 1, false).queryKey, { items: [mario, giorgio], total, pagina: 1, pageSize: PAGE_SIZE }),
  );
  return onTabChange;
}

describe('AnagraficheView', () => {
  it('lists the eight tabs in order, Pazienti open', () => {
    renderView();
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Pazienti',
      'Terapisti',
      'Stanze',
      'Tipi di attività',
      'Mezzi',
      'Uscite',
      'Account',
      'Centro',
    ]);
    expect(screen.getByRole('tab', { name: 'Pazienti' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Uscite' }).getAttribute('aria-selected')).toBe('false');
  });

  it('asks to open another tab when one is chosen', async () => {
    const onTabChange = renderView();
    await userEvent.click(screen.getByRole('tab', { name: 'Stanze' }));
    expect(onTabChange).toHaveBeenCalledWith('stanze');
  });

  it('shows the patients with their phone readable, and a labelled action per row', () => {
    renderView();
    const table = screen.getByRole('table', { name: 'Pazienti' });
    const row = within(table).getByRole('row', { name: /Rossi/ });
    expect(within(row).getByRole('link', { name: '+39 333 1112222' }).getAttribute('href')).toBe('tel:+393331112222');
    expect(within(row).getByRole('button', { name: 'Modifica Mario Rossi' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Archivia Mario Rossi' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Cerca pazienti' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Mostra archiviati' })).toBeTruthy();
  });

  it('pages only when there is more than one page of 25', () => {
    renderView();
    expect(screen.queryByRole('navigation', { name: 'Pagine' })).toBeNull();
  });

  it('shows the pages when the patients exceed one page', () => {
    renderView(vi.fn(), 60);
    const pages = screen.getByRole('navigation', { name: 'Pagine' });
    expect(within(pages).getByRole('button', { name: 'Pagina 3' })).toBeTruthy();
  });
});

describe('Mezzi', () => {
  it('lists each mezzo with its plate, seats and wheelchair places, and its colour in words', () => {
    renderWithCache(
      <AnagraficheView tab="mezzi" onTabChange={() => {}} day="2026-11-23" onDayChange={() => {}} centreTab={null} />,
      (client) =>
        client.setQueryData(mezziQueryOptions(false).queryKey, [
          { ID: 2, Nome: 'Pulmino blu', Targa: 'AB123CD', posti: 8, postiCarrozzina: 2, colore: 'blu', Archiviato: false },
          { ID: 3, Nome: 'Furgone', Targa: '', posti: 1, postiCarrozzina: 0, colore: 'giallo', Archiviato: false },
        ]),
    );
    const table = screen.getByRole('table', { name: 'Mezzi' });
    const blu = within(table).getByRole('row', { name: /Pulmino blu/ });
    expect([...blu.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'Pulmino blu',
      'AB123CD',
      '8 posti',
      '2',
      'Blu',
      'ModificaArchivia',
    ]);
    const furgone = within(table).getByRole('row', { name: /Furgone/ });
    expect(within(furgone).getByText('non indicata')).toBeTruthy();
    expect(within(furgone).getByText('1 posto')).toBeTruthy();
    expect(within(furgone).getByText('nessuna')).toBeTruthy();
    expect(within(furgone).getByRole('button', { name: 'Archivia Furgone' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nuovo mezzo' })).toBeTruthy();
  });
});

describe('pageNumbers', () => {
  it('keeps the first, the last and the neighbours of the current page, with gaps between', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
  });
});
