import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CentreSettingsWire } from '../../../common/impostazioni.ts';
import { QUERY_KEYS } from '../../lib/query-keys.ts';
import { renderWithCache } from '../../test/render.tsx';
import { settingsQueryOptions } from './api/settings.ts';
import { CentreTab } from './components/centre-tab.tsx';

const SAVED: CentreSettingsWire = { nomecentro: 'Il Girasole', sabato: false, iniziali: false, patrono: null, formatoCarta: 'A4' };

afterEach(() => vi.unstubAllGlobals());

/** A server that saves whatever is sent and answers it back. */
function serverEchoingSaves() {
  const fetchMock = vi.fn(
    async (_url: string, init: RequestInit) =>
      new Response(init.body as string, { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'XSRF-TOKEN=tok123';
  return fetchMock;
}

describe('Centro', () => {
  it('saves the settings and reads again what depends on them: the Modelli list (Saturday in the week)', async () => {
    const answer = { ...SAVED, sabato: true };
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    document.cookie = 'XSRF-TOKEN=tok123';
    const { client } = renderWithCache(<CentreTab />, (c) => {
      c.setQueryData(settingsQueryOptions().queryKey, SAVED);
      c.setQueryData(QUERY_KEYS.modelli, { modelli: [], sabato: false });
    });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Settimana con il sabato' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(client.getQueryState(QUERY_KEYS.modelli)?.isInvalidated).toBe(true));
    expect(client.getQueryData(settingsQueryOptions().queryKey)).toEqual(answer);
    expect(fetchMock).toHaveBeenCalledWith('/server/impostazioni', expect.objectContaining({ method: 'POST' }));
  });

  it("sets the patron saint's day as a day and an Italian month, and clears it with Nessuno", async () => {
    const fetchMock = serverEchoingSaves();
    renderWithCache(<CentreTab />, (c) => c.setQueryData(settingsQueryOptions().queryKey, SAVED));
    const day = screen.getByRole('combobox', { name: 'Giorno del santo patrono' });
    expect((day as HTMLSelectElement).disabled).toBe(true);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Mese del santo patrono' }), 'dicembre');
    await userEvent.selectOptions(day, '7');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(fetchMock.mock.calls[0][1].body as string)).toMatchObject({ patrono: '12-07' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Mese del santo patrono' }), 'Nessuno');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(fetchMock.mock.calls[1][1].body as string)).toMatchObject({ patrono: null });
  });

  it('chooses the paper of the printed day and week: A4 until Letter is chosen', async () => {
    const fetchMock = serverEchoingSaves();
    renderWithCache(<CentreTab />, (c) => c.setQueryData(settingsQueryOptions().queryKey, SAVED));
    const paper = screen.getByRole('combobox', { name: 'Formato carta' }) as HTMLSelectElement;
    expect(paper.value).toBe('A4');
    await userEvent.selectOptions(paper, 'Letter (formato americano)');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(fetchMock.mock.calls[0][1].body as string)).toMatchObject({ formatoCarta: 'Letter' });
  });

  it('sets the opening hours, 08:00–17:00 until changed; a closing not after the opening is named under Chiusura', async () => {
    const fetchMock = serverEchoingSaves();
    renderWithCache(<CentreTab />, (c) => c.setQueryData(settingsQueryOptions().queryKey, SAVED));
    const opening = screen.getByRole('combobox', { name: 'Apertura' }) as HTMLInputElement;
    const closing = screen.getByRole('combobox', { name: 'Chiusura' }) as HTMLInputElement;
    expect([opening.value, closing.value]).toEqual(['08:00', '17:00']);
    await userEvent.clear(closing);
    await userEvent.type(closing, '07:30');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('La chiusura deve venire dopo l’apertura')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.clear(closing);
    await userEvent.type(closing, '16:30');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(fetchMock.mock.calls[0][1].body as string)).toMatchObject({ apertura: '08:00', chiusura: '16:30' });
  });
});
