import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { TherapistFormModal } from './components/therapist-form-modal.tsx';
import { renderWithCache } from '../../test/render.tsx';

afterEach(() => vi.unstubAllGlobals());

it('Nuovo operatore saves with the username alone: profile, hours and availability may wait', async () => {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify({ insertId: 5 }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'XSRF-TOKEN=tok123';
  const onClose = vi.fn();
  renderWithCache(<TherapistFormModal accounts={[]} onClose={onClose} />);
  await userEvent.type(screen.getByLabelText('Username'), 'giulia.conti');
  await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
  await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  const [url, init] = fetchMock.mock.calls[0];
  expect(url).toBe('/server/anagrafiche/terapisti');
  expect(JSON.parse(String(init?.body))).toEqual({
    username: 'giulia.conti',
    Nome: '',
    Cognome: '',
    RifUtente: -1,
    profilo: null,
    oreSettimanali: null,
    disponibilita: [],
  });
});
