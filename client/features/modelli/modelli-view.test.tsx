import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TemplateList } from '../../../common/modelli.ts';
import { modelliQueryOptions } from './api/modelli.ts';
import { setUser } from '../../lib/session.ts';
import { renderWithCache } from '../../test/render.tsx';
import { ModelliView } from './components/modelli-view.tsx';
import { TemplateHeader } from './components/template-header.tsx';

const LIST: TemplateList = {
  modelli: [
    { ID: 2, nome: 'Estate', settimana: '3000-01-13', attivita: 0, uscite: 0 },
    { ID: 1, nome: 'Inverno', settimana: '3000-01-06', attivita: 12, uscite: 3 },
  ],
  sabato: false,
};

const renderList = (list: TemplateList = LIST, ui = <ModelliView />) =>
  renderWithCache(ui, (client) => client.setQueryData(modelliQueryOptions().queryKey, list));

afterEach(() => setUser(null));

describe('Modelli list', () => {
  it('shows each template with its activities and runs, and Modifica opens its week on the calendar', () => {
    setUser({ ID: 1, username: 'anna', Admin: 1 });
    renderList();
    const row = screen.getByRole('rowheader', { name: 'Inverno' }).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['12', '3', expect.stringContaining('Modifica')]);
    expect(within(row).getByRole('link', { name: 'Modifica' }).getAttribute('href')).toBe('/calendario?data=3000-01-06');
    for (const name of ['Applica', 'Rinomina', 'Duplica', 'Elimina']) expect(within(row).getByRole('button', { name })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nuovo modello' })).toBeTruthy();
    expect(screen.getByText(/da lunedì a venerdì/)).toBeTruthy();
  });

  it('a consultazione account reads the list with no write button', () => {
    setUser({ ID: 2, username: 'bruno', Admin: 0 });
    renderList({ ...LIST, sabato: true });
    expect(screen.getAllByRole('link', { name: 'Apri' })).toHaveLength(2);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText(/da lunedì a sabato/)).toBeTruthy();
  });

  it('says how to make the first template when there is none', () => {
    setUser({ ID: 1, username: 'anna', Admin: 1 });
    renderList({ modelli: [], sabato: false });
    expect(screen.getByText(/Nessun modello: salva una settimana come modello/)).toBeTruthy();
  });
});

describe('a template day on the calendar', () => {
  it('names the template and offers its weekdays, Saturday when the centre plans Saturdays', () => {
    setUser({ ID: 1, username: 'anna', Admin: 1 });
    renderList({ ...LIST, sabato: true }, <TemplateHeader day="3000-01-07" onDayChange={() => {}} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Modello «Inverno», Martedì');
    const tabs = within(screen.getByRole('navigation', { name: 'Giorni del modello' })).getAllByRole('button');
    expect(tabs.map((t) => t.textContent)).toEqual(['Lunedì', 'Martedì', 'Mercoledì', 'Giovedì', 'Venerdì', 'Sabato']);
    expect(tabs[1].getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Torna ai modelli' }).getAttribute('href')).toBe('/modelli');
  });

  it('says so when the template no longer exists', () => {
    setUser({ ID: 1, username: 'anna', Admin: 1 });
    renderList(LIST, <TemplateHeader day="3000-03-03" onDayChange={() => {}} />);
    expect(screen.getByText('Modello non trovato')).toBeTruthy();
  });
});
