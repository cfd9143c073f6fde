import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildDayGrid } from '../day-grid.ts';
import type { DayActivity, Giornata } from '../types.ts';
import { DayList } from './day-list.tsx';
import { testActivity } from '../test-activities.ts';

const activity = (ID: number, name: string, room: number, start: string, end: string): DayActivity =>
  testActivity({
    ID,
    NomeAttivita: name,
    RifStanza: room,
    OraInizio: start,
    OraFine: end,
    Pazienti: [{ ID: 10 + ID, RifPaziente: 5, Nome: 'Anna', Cognome: 'Rossi' }],
  });

const giornata: Giornata = {
  data: '2026-11-23',
  attivita: [
    activity(1, 'Coro', 2, '10:00', '11:00'),
    activity(2, 'Ginnastica', 1, '09:00', '10:00'),
    activity(3, 'Pittura', 2, '09:00', '09:30'),
  ],
  uscite: [
    {
      ID: 9,
      Tratta: 'Andata Nord',
      Ora: '08:00',
      OraArrivo: '09:00',
      RifPulmino: 2,
      Data: '2026-11-23',
      Pazienti: [],
      Terapisti: [],
    },
  ],
};
const rooms = [
  { ID: 1, Nome: 'Palestra', Archiviato: false },
  { ID: 2, Nome: 'Musica', Archiviato: false },
  { ID: 3, Nome: 'Vecchia sala', Archiviato: true },
];
const grid = buildDayGrid(giornata, rooms);
const roomLabel = (id: number) => rooms.find((r) => r.ID === id)?.Nome ?? `Stanza ${id}`;

const titles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent?.replace('+', '').trim());

describe('DayList (the day on a phone)', () => {
  beforeEach(() => localStorage.clear());

  it('groups the cards by start time, each with its room, runs included', () => {
    render(
      <MemoryRouter>
        <DayList giornata={giornata} grid={grid} day="2026-11-23" roomLabel={roomLabel} />
      </MemoryRouter>,
    );
    expect(titles()).toEqual(['08:00', '09:00', '10:00']);
    const nine = screen.getByRole('region', { name: '09:00' });
    expect([...nine.querySelectorAll('.day-list-place')].map((el) => el.textContent)).toEqual(['Palestra', 'Musica']);
    expect(within(screen.getByRole('region', { name: '08:00' })).getByText('Attività esterne')).toBeTruthy();
    // Read-only: no buttons besides the grouping toggle.
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Per ora', 'Per stanza']);
  });

  it('groups by room in the calendar’s column order, archived rooms only when used, and remembers the choice', async () => {
    const onCreateAt = vi.fn();
    const actions = { onEdit: vi.fn(), onAddPerson: vi.fn(), onManagePerson: vi.fn(), onCreateAt, busy: false };
    const { unmount } = render(
      <MemoryRouter>
        <DayList giornata={giornata} grid={grid} day="2026-11-23" roomLabel={roomLabel} actions={actions} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Per stanza' }));
    expect(titles()).toEqual(['Palestra', 'Musica', 'Attività esterne']);
    const musica = screen.getByRole('region', { name: 'Musica' });
    expect(
      within(musica)
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-label')),
    ).toEqual(['Pittura, Musica, 09:00–09:30', 'Coro, Musica, 10:00–11:00']);
    // + opens Crea Attività at the room's first free slot.
    await userEvent.click(screen.getByRole('button', { name: 'Nuova attività in Musica' }));
    expect(onCreateAt).toHaveBeenCalledWith({ roomId: 2, start: '08:00', end: '09:00' });
    // The card's own actions are there.
    await userEvent.click(within(musica).getByRole('button', { name: 'Coro' }));
    expect(actions.onEdit).toHaveBeenCalledWith(giornata.attivita[0]);
    unmount();
    render(
      <MemoryRouter>
        <DayList giornata={giornata} grid={grid} day="2026-11-23" roomLabel={roomLabel} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Per stanza' }).getAttribute('aria-pressed')).toBe('true');
  });
});
