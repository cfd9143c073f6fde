import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Proposta } from '../../../common/pianificatore.ts';
import { PIANIFICATORE_MSG } from '../../../common/pianificatore.ts';
import { renderWithCache } from '../../test/render.tsx';
import { PropostaDialog } from './components/proposta-dialog.tsx';
import { PIANIFICATORE_TEXT as T } from './texts.ts';

const MONDAY = '2026-11-30';

const READY: Proposta = {
  ID: 7,
  settimana: MONDAY,
  modo: 'rifai',
  stato: 'pronta',
  avanzamento: 1,
  secondi: 3.2,
  copertura: { prima: 0.62, dopo: 0.97, limite: 0.98 },
  aggiunte: [
    {
      data: '2026-12-01',
      stanza: 2,
      inizio: '10:00',
      fine: '10:45',
      tipo: 3,
      nome: 'Logopedia individuale',
      pazienti: [4],
      terapisti: [2],
    },
  ],
  rimosse: [58],
  nonCoperte: [
    {
      paziente: 4,
      tipo: 3,
      mancano: 1,
      motivo: 'disponibilita',
      spiegazione: 'Manca 1 seduta di Logopedia individuale a Mario Rossi: nessun logopedista è libero quando è al centro',
    },
  ],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A server of canned answers, by method and path; every call recorded. */
function fakeServer(answers: Record<string, () => Response>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, path: url, body: init?.body ? JSON.parse(init.body as string) : undefined });
    const answer = answers[`${method} ${url}`];
    return answer ? answer() : json({ error: 'Risorsa non trovata', code: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'XSRF-TOKEN=tok123';
  return calls;
}

const COMMON = {
  'GET /server/calendario/getstanze': () => json([{ ID: 2, Nome: 'Logopedia', Archiviato: false }]),
  'GET /server/pazienti/getpresenze': () => json([{ ID: 4, Nome: 'Mario', Cognome: 'Rossi', Cellulare: '' }]),
  'GET /server/terapisti/getpresenze': () => json([{ ID: 2, username: 'paola.neri', Nome: 'Paola', Cognome: 'Neri' }]),
  'POST /server/calendario/settimana': () =>
    json({
      datastart: MONDAY,
      datastop: '2026-12-05',
      attivita: [
        {
          ID: 58,
          NomeAttivita: 'Musicoterapia',
          RifStanza: 2,
          Data: '2026-12-01',
          Giorno: 2,
          OraInizio: '09:00',
          OraFine: '10:00',
          RifTrasporto: -1,
          RifTipo: 6,
          Pazienti: [],
          Terapisti: [],
        },
      ],
      uscite: [],
    }),
};

beforeAll(() => {
  // react-hot-toast asks whether motion is reduced; jsdom has no matchMedia.
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
  // user-event's arrow keys among radio buttons look them up with CSS.escape, which jsdom lacks.
  (globalThis as { CSS?: unknown }).CSS ??= { escape: (value: string) => value.replace(/[^\w-]/g, '\\$&') };
});

afterEach(() => {
  act(() => toast.remove());
  vi.unstubAllGlobals();
});

describe('Proponi settimana', () => {
  it('sends the mode and the time chosen with the keyboard, shows the diff, the coverage and Non coperte, and Applica offers Annulla', async () => {
    const calls = fakeServer({
      ...COMMON,
      'POST /server/pianificatore/proposte': () => json({ ID: 7 }, 202),
      'GET /server/pianificatore/proposte/7': () => json(READY),
      'POST /server/pianificatore/proposte/7/applica': () => json({ ok: true, operazione: 901, scritte: 2 }),
    });
    const onClose = vi.fn();
    renderWithCache(
      <>
        <Toaster />
        <PropostaDialog monday={MONDAY} onClose={onClose} />
      </>,
    );
    // The mode chosen first has the focus; the arrow keys move to Rifai, Tab to the time.
    const completa = screen.getByRole('radio', { name: T.completa });
    await waitFor(() => expect(document.activeElement).toBe(completa));
    await userEvent.keyboard('{ArrowDown}');
    expect((screen.getByRole('radio', { name: T.rifai }) as HTMLInputElement).checked).toBe(true);
    await userEvent.tab();
    const seconds = screen.getByLabelText(T.seconds);
    expect(document.activeElement).toBe(seconds);
    await userEvent.clear(seconds);
    await userEvent.keyboard('5');
    await userEvent.click(screen.getByRole('button', { name: T.prepare }));

    await screen.findByRole('heading', { name: /^Proposta pronta/ });
    expect(calls.find((c) => c.method === 'POST' && c.path === '/server/pianificatore/proposte')?.body).toEqual({
      settimana: MONDAY,
      modo: 'rifai',
      secondi: 5,
    });
    const dialog = screen.getByRole('dialog');
    await within(dialog).findByText('Operatore: Paola Neri');
    const added = dialog.querySelector('.pian-nuova')!;
    expect(added.textContent).toBe('+ nuova 10:00–10:45 Logopedia individualeOperatore: Paola NeriUtente: Mario Rossi');
    await waitFor(() => expect(dialog.querySelector('.pian-rimossa')?.textContent).toBe('rimossa 09:00–10:00 Musicoterapia'));
    expect(within(dialog).getByText('97 %')).toBeTruthy();
    expect(within(dialog).getByText(READY.nonCoperte[0].spiegazione)).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: T.apply }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    await screen.findByText('Settimana pianificata: 2 modifiche scritte');
    expect(screen.getByRole('button', { name: 'Annulla: riporta com’erano tutte le giornate di questa operazione' })).toBeTruthy();
  });

  it('a refusal says what happened and what to do next: another proposal in preparation, the week changed', async () => {
    let applied = false;
    fakeServer({
      ...COMMON,
      'POST /server/pianificatore/proposte': () => json({ error: PIANIFICATORE_MSG.busy, code: 'proposal_busy' }, 409),
    });
    renderWithCache(<PropostaDialog monday={MONDAY} onClose={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: T.prepare }));
    const busy = await screen.findByRole('heading', { name: PIANIFICATORE_MSG.busy });
    await waitFor(() => expect(document.activeElement).toBe(busy));
    expect(screen.getByText(T.busyNext)).toBeTruthy();

    vi.unstubAllGlobals();
    fakeServer({
      ...COMMON,
      'POST /server/pianificatore/proposte': () => json({ ID: 7 }, 202),
      'GET /server/pianificatore/proposte/7': () => json(READY),
      'POST /server/pianificatore/proposte/7/applica': () => {
        applied = true;
        return json({ error: PIANIFICATORE_MSG.weekChanged, code: 'week_changed' }, 409);
      },
    });
    await userEvent.click(screen.getByRole('button', { name: T.prepare }));
    await userEvent.click(await screen.findByRole('button', { name: T.apply }));
    await screen.findByRole('heading', { name: PIANIFICATORE_MSG.weekChanged });
    expect(applied).toBe(true);
    expect(screen.getByText(T.changedNext)).toBeTruthy();
    // The way on is a new proposal, from the choice.
    await userEvent.click(screen.getByRole('button', { name: T.newProposal }));
    await screen.findByRole('button', { name: T.prepare });
  });

  it('refuses a time out of 1–60 seconds under the field, without calling the server', async () => {
    const calls = fakeServer(COMMON);
    renderWithCache(<PropostaDialog monday={MONDAY} onClose={() => {}} />);
    const field = screen.getByLabelText(T.seconds);
    await userEvent.clear(field);
    await userEvent.type(field, '90');
    await userEvent.click(screen.getByRole('button', { name: T.prepare }));
    expect(await screen.findByText(T.secondsInvalid)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.path.startsWith('/server/pianificatore'))).toEqual([]);
  });
});
