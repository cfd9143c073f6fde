import { render as renderBare, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildDayGrid } from '../day-grid.ts';
import type { Giornata } from '../types.ts';
import { DayTable } from './day-table.tsx';

/** The cards hold links (the people's agendas): they need a router. */
const render = (ui: ReactElement) => renderBare(<MemoryRouter>{ui}</MemoryRouter>);

const giornata: Giornata = {
  data: '2026-11-23',
  attivita: [
    {
      ID: 1,
      NomeAttivita: '<script>alert("x")</script> Coro',
      RifStanza: 1,
      Data: '2026-11-23',
      Giorno: 1,
      OraInizio: '09:00',
      OraFine: '10:00',
      RifTrasporto: -1,
      Pazienti: [{ ID: 11, RifPaziente: 5, Nome: 'Anna', Cognome: 'Rossi' }],
      Terapisti: [{ ID: 21, RifTerapista: 6, username: 'marta.caruso' }],
    },
    {
      ID: 2,
      NomeAttivita: 'TRASPORTO',
      RifStanza: -1,
      Data: '2026-11-23',
      Giorno: 1,
      OraInizio: '10:00',
      OraFine: '11:00',
      RifTrasporto: 9,
      Pazienti: [],
      Terapisti: [],
    },
  ],
  uscite: [
    {
      ID: 9,
      Tratta: 'Ritorno Nord',
      Ora: '10:00',
      OraArrivo: '11:00',
      RifPulmino: 2,
      Data: '2026-11-23',
      Pazienti: [{ RifPaziente: 5, Nome: 'Anna', Cognome: 'Rossi' }],
      Terapisti: [{ RifTerapista: 7, username: 'dario.marchetti' }],
    },
  ],
};
const grid = buildDayGrid(giornata, [{ ID: 1, Nome: 'Palestra', Archiviato: false }]);

describe('DayTable', () => {
  it('shows names and transport runs with no controls for a non-administrator, each person a link to their agenda', () => {
    render(<DayTable grid={grid} day="2026-11-23" />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    const activity = screen.getByRole('group', { name: /Coro, Palestra, 09:00–10:00/ });
    expect(within(activity).getByText('<script>alert("x")</script> Coro')).toBeTruthy();
    expect(within(activity).getByText('Anna Rossi')).toBeTruthy();
    expect(within(activity).getByText('marta.caruso')).toBeTruthy();
    expect(within(activity).getByRole('link', { name: 'Anna Rossi' }).getAttribute('href')).toBe(
      '/agenda?tipo=paziente&id=5&data=2026-11-23',
    );
    const run = screen.getByRole('group', { name: /Ritorno Nord, Attività esterne/ });
    expect(within(run).getByText('Pulmino blu')).toBeTruthy();
    expect(within(run).getByText('dario.marchetti')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Ora', 'Palestra', 'Attività esterne']);
  });

  it('gives an administrator the [+] buttons, the person and activity links and Incolla da precedente', async () => {
    const actions = {
      busy: false,
      onEdit: vi.fn(),
      onAddPerson: vi.fn(),
      onManagePerson: vi.fn(),
      onPasteFromPrevious: vi.fn(),
      onCreateAt: vi.fn(),
    };
    render(<DayTable grid={grid} day="2026-11-23" actions={actions} />);
    const activity = screen.getByRole('group', { name: /Coro, Palestra/ });
    await userEvent.click(within(activity).getByRole('button', { name: 'Aggiungi utente a <script>alert("x")</script> Coro' }));
    expect(actions.onAddPerson).toHaveBeenCalledWith('paziente', giornata.attivita[0]);
    await userEvent.click(within(activity).getByRole('button', { name: 'marta.caruso' }));
    expect(actions.onManagePerson).toHaveBeenCalledWith(
      'terapista',
      21,
      'marta.caruso',
      giornata.attivita[0],
      giornata.attivita[0].Terapisti[0].RifTerapista,
    );
    const paste = screen.getByRole('button', { name: /^Incolla da precedente/ });
    expect(paste.getAttribute('title')).toBe('Copia qui <script>alert("x")</script> Coro delle 09:00');
    await userEvent.click(paste);
    expect(actions.onPasteFromPrevious).toHaveBeenCalledWith({ roomId: 1, start: '10:00', end: '11:00' });
    await userEvent.click(screen.getByRole('button', { name: 'Nuova attività in Palestra dalle 10:00 alle 11:00' }));
    expect(actions.onCreateAt).toHaveBeenCalledWith({ roomId: 1, start: '10:00', end: '11:00' });
    await userEvent.click(screen.getByRole('button', { name: 'Ritorno Nord' }));
    expect(actions.onEdit).toHaveBeenCalledWith(giornata.attivita[1]);
  });

  it('marks the cards in a conflict: a red edge, a note read as "Conflitto: …", the person in red', () => {
    const conflicts = new Map([
      ['a1', [{ tipo: 'paziente' as const, ID: 5, text: 'Anna Rossi anche in Ritorno Nord 10:00–11:00' }]],
      ['r9', [{ tipo: 'paziente' as const, ID: 5, text: 'Anna Rossi anche in Palestra 09:00–10:00' }]],
    ]);
    render(<DayTable grid={grid} day="2026-11-23" conflicts={conflicts} />);
    const activity = screen.getByRole('group', { name: /Coro, Palestra/ });
    expect(activity.classList.contains('has-conflict')).toBe(true);
    expect([...activity.querySelectorAll('.conflict-notes li')].map((li) => li.textContent)).toEqual([
      'Conflitto: Anna Rossi anche in Ritorno Nord 10:00–11:00',
    ]);
    expect(within(activity).getByText('Conflitto:').classList.contains('visually-hidden')).toBe(true);
    expect([...activity.querySelectorAll('.person-conflict')].map((el) => el.textContent)).toEqual(['Anna Rossi']);
    const run = screen.getByRole('group', { name: /Ritorno Nord, Attività esterne/ });
    expect(run.classList.contains('has-conflict')).toBe(true);
    expect([...run.querySelectorAll('.person-conflict')].map((el) => el.textContent)).toEqual(['Anna Rossi']);
  });
});
