import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditPage, AuditRow } from '../../../common/audit.ts';
import { accountsQueryOptions, auditQueryOptions, type AuditFilters } from './api/registro.ts';
import { RegistroView } from './components/registro-view.tsx';
import { readRegistroState, type RegistroState } from './registro-state.ts';
import { renderWithCache } from '../../test/render.tsx';
import { auditRow, ROW_DAY } from './test-rows.ts';

const TODAY = ROW_DAY;
const row = (over: Partial<AuditRow>): AuditRow =>
  auditRow({
    dopo: {
      ID: 140,
      paziente: { ID: 4, nome: 'Mario Rossi' },
      attivita: { ID: 58, nome: 'Musicoterapia', data: TODAY, inizio: '09:00', fine: '10:00', stanza: 'Sala 1' },
    },
    ...over,
  });

const page = (items: AuditRow[], altre = false): AuditPage => ({ items, pagina: 1, pageSize: 50, altre, dal: '2026-10-25', al: TODAY });

function show(query: string, items: AuditRow[], altre = false) {
  const state = readRegistroState(new URLSearchParams(query), TODAY);
  const onChange = vi.fn<(changes: Partial<RegistroState>) => void>();
  const filters: AuditFilters = {
    dal: state.dal,
    al: state.al,
    ...(state.attivita !== null ? { attivita: state.attivita } : {}),
  };
  renderWithCache(<RegistroView state={state} onChange={onChange} />, (client) => {
    client.setQueryData(auditQueryOptions(filters, state.pagina).queryKey, page(items, altre));
    client.setQueryData(accountsQueryOptions().queryKey, [
      { ID: 1, username: 'direttrice', Admin: 1, Disattivato: false },
      { ID: 2, username: 'educatore', Admin: 0, Disattivato: true },
    ]);
  });
  return { onChange };
}

afterEach(() => vi.restoreAllMocks());

describe('Registro, Modifiche', () => {
  it('lists each change with when, who and the Italian sentence; Dettagli shows before → after in words', async () => {
    show('', [
      row({}),
      row({
        ID: 814,
        azione: 'giornata.svuota',
        frase: 'Giornata di lun 23-11-2026 svuotata: 2 attività',
        annullabile: true,
        prima: { righe: { attivita: 2, uscite: 0, utenti: 3, operatori: 2 } },
        dopo: { attivita: 2 },
      }),
    ]);
    const table = screen.getByRole('table', { name: /^Modifiche dal 25\/10\/2026 al 23\/11\/2026/ });
    const rows = within(table).getAllByRole('row');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Quando', 'Account', 'Cosa è cambiato', 'Azioni']);
    expect(rows[1].textContent).toContain('23/11/2026 09:05');
    expect(rows[1].textContent).toContain('Mario Rossi aggiunto a Musicoterapia, lun 23-11-2026 09:00');
    // Annulla only where the day can still go back.
    expect(within(rows[1]).queryByRole('button', { name: 'Annulla' })).toBeNull();
    expect(within(rows[2]).getByRole('button', { name: 'Annulla' })).toBeTruthy();

    const details = within(rows[1]).getByRole('button', { name: /^Dettagli/ });
    expect(details.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(details);
    expect(details.getAttribute('aria-expanded')).toBe('true');
    const before = screen.getByRole('table', { name: /^Prima e dopo: Mario Rossi aggiunto/ });
    const cells = within(before)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(cells).toEqual([
      ['Dato', 'Prima', 'Dopo'],
      ['Utente', '—', 'Mario Rossi'],
      ['Attività', '—', 'Musicoterapia, lun 23-11-2026 09:00–10:00, Sala 1'],
    ]);
    expect(before.textContent).not.toContain('{');
  });

  it('asks before Annulla, and does nothing when the answer is no', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const fetch = vi.spyOn(globalThis, 'fetch');
    show('', [row({ azione: 'attivita.elimina', frase: 'Attività Coro eliminata: lun 23-11-2026 14:00–15:30', annullabile: true })]);
    await userEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Ripristinare l’attività eliminata?'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows an activity’s history as a removable chip, and says when nothing matches', async () => {
    const { onChange } = show('attivita=58', []);
    expect(screen.getByText('Nessuna modifica con questi filtri nel periodo.')).toBeTruthy();
    expect(screen.getByText('Storico dell’attività 58')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Togli il filtro Storico dell’attività 58' }));
    expect(onChange).toHaveBeenCalledWith({ attivita: null });
  });

  it('offers the accounts and the actions in Italian, and pages with Precedenti / Successive', async () => {
    const { onChange } = show('', [row({})], true);
    const account = screen.getByLabelText('Account');
    expect([...account.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Tutti', 'direttrice', 'educatore (disattivato)']);
    const action = screen.getByLabelText('Azione');
    expect(within(action).getByRole('option', { name: 'Giornata svuotata' })).toBeTruthy();
    await userEvent.selectOptions(action, 'giornata.svuota');
    expect(onChange).toHaveBeenCalledWith({ azione: 'giornata.svuota' });
    expect((screen.getByRole('button', { name: '‹ Precedenti' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Successive ›' }));
    expect(onChange).toHaveBeenCalledWith({ pagina: 2 });
  });

  it('refuses a period ending before it starts, in Italian, without asking the server', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    show('dal=2026-11-23&al=2026-11-01', []);
    expect(screen.getByText('La data di fine deve essere uguale o successiva alla data di inizio')).toBeTruthy();
    expect(screen.getByLabelText('Al').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('Registro, Accessi a un utente', () => {
  it('asks to choose a utente first', () => {
    show('scheda=accessi', []);
    expect(screen.getByText('Scegli un utente per vedere chi ha consultato i suoi dati nel periodo.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Scegli l’utente…' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Esporta CSV' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
