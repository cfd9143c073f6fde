import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayLocal } from '../../../common/dates.ts';
import { PRESENZE_MSG, type MonthRegister, type RollCallDay } from '../../../common/presenze.ts';
import { setUser } from '../../lib/session.ts';
import { absencesQueryOptions } from '../../lib/absences.ts';
import { closingDaysQueryOptions } from './api/closing-days.ts';
import { correctionsQueryOptions, monthRegisterQueryOptions } from './api/month-register.ts';
import { rollCallQueryOptions } from './api/roll-call.ts';
import { allPresentSummary } from './components/roll-call-tab.tsx';
import { removedText } from './components/absences-tab.tsx';
import { PresenzeView, type PresenzeState } from './components/presenze-view.tsx';
import { renderWithCache } from '../../test/render.tsx';
import { presentThenIll, totals } from './test-register.ts';

const today = todayLocal();
const admin = { ID: 1, username: 'anna', Admin: 1 };
const viewer = { ID: 2, username: 'bruno', Admin: 0 };
const at = (hour: number, minute: number) => new Date(2026, 10, 23, hour, minute).toISOString();

const rollCall = (day: string, meseChiuso = false, puoSegnare = true): RollCallDay => ({
  data: day,
  meseChiuso,
  puoSegnare,
  pazienti: [
    {
      ID: 4,
      Nome: 'Mario',
      Cognome: 'Rossi',
      stato: 'presente',
      motivo: null,
      giustificata: null,
      segnatoDa: 'carla',
      segnatoIl: at(8, 42),
      assenza: null,
    },
    {
      ID: 5,
      Nome: 'Giorgio',
      Cognome: 'Verdi',
      stato: null,
      motivo: null,
      giustificata: null,
      segnatoDa: null,
      segnatoIl: null,
      assenza: { ID: 9, motivo: 'ricovero', giustificata: true },
    },
    {
      ID: 6,
      Nome: 'Niccolò',
      Cognome: 'Bianchi',
      stato: null,
      motivo: null,
      giustificata: null,
      segnatoDa: null,
      segnatoIl: null,
      assenza: null,
    },
  ],
});

const novemberDays = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
const register: MonthRegister = {
  mese: '2026-11',
  chiuso: { da: 'anna', il: '2026-12-02T09:15:00.000Z' },
  giorni: novemberDays.map((data) => ({
    data,
    festivo: data === '2026-11-01' ? 'Ognissanti' : null,
    chiusura: null,
    presenti: data === '2026-11-23' ? 1 : 0,
    assenti: data === '2026-11-24' ? 1 : 0,
  })),
  pazienti: [
    {
      ID: 4,
      Nome: 'Mario',
      Cognome: 'Rossi',
      ...presentThenIll('2026-11-23', '2026-11-24'),
      assenzaLunga: true,
    },
  ],
  totali: totals({ presenti: 1, assenti: 1, ingiustificate: 1, perMotivo: { malattia: 1, ferie: 0, permesso: 0, ricovero: 0, altro: 0 } }),
};

const state = (over: Partial<PresenzeState> = {}): PresenzeState => ({
  tab: 'appello',
  day: today,
  month: '2026-11',
  from: '2026-11-01',
  to: '2026-11-30',
  year: 2026,
  ...over,
});

/** The CSRF cookie's GET answers; every other call stays pending (what it sends is what the test reads). */
const answerHealthOnly = (input: RequestInfo | URL) =>
  String(input).endsWith('/health') ? Promise.resolve(new Response('{}')) : new Promise<Response>(() => {});

function renderView(s: PresenzeState, onChange = vi.fn(), canMark = true) {
  renderWithCache(<PresenzeView state={s} onChange={onChange} />, (client) => {
    client.setQueryData(rollCallQueryOptions(s.day).queryKey, rollCall(s.day, false, canMark));
    client.setQueryData(monthRegisterQueryOptions('2026-11').queryKey, register);
    client.setQueryData(correctionsQueryOptions('2026-11').queryKey, []);
    client.setQueryData(absencesQueryOptions('2026-11-01', '2026-11-30').queryKey, [
      {
        ID: 9,
        tipo: 'terapista',
        persona: 3,
        nome: 'laura',
        dal: '2026-11-24',
        al: '2026-11-26',
        motivo: 'malattia',
        giustificata: true,
        note: 'febbre',
      },
    ]);
    client.setQueryData(closingDaysQueryOptions(2026).queryKey, [{ data: '2026-12-07', descrizione: 'Sant’Ambrogio' }]);
  });
  return onChange;
}

beforeEach(() => setUser(admin));
afterEach(() => {
  setUser(null);
  vi.restoreAllMocks();
});

describe('Presenze tabs', () => {
  it('lists the four tabs, Appello open, and asks for another when chosen', async () => {
    const onChange = renderView(state());
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Appello', 'Registro mensile', 'Assenze', 'Chiusure']);
    expect(screen.getByRole('tab', { name: 'Appello' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByRole('tab', { name: 'Registro mensile' }));
    expect(onChange).toHaveBeenCalledWith({ tab: 'registro' });
  });
});

describe('Appello', () => {
  it('shows each expected patient as a named group of two radios, the counters, who marked and the recorded absence', () => {
    renderView(state());
    expect(screen.getByText('Presenti 1 · Assenti 0 · Da segnare 2')).toBeTruthy();
    const mario = screen.getByRole('group', { name: 'Rossi Mario' });
    expect((within(mario).getByRole('radio', { name: 'Presente' }) as HTMLInputElement).checked).toBe(true);
    expect((within(mario).getByRole('radio', { name: 'Assente' }) as HTMLInputElement).checked).toBe(false);
    expect(within(mario).getByText(/già segnato da carla .*alle 08:42/)).toBeTruthy();
    const giorgio = screen.getByRole('group', { name: 'Verdi Giorgio' });
    expect(within(giorgio).getByText('assente: ricovero')).toBeTruthy();
    expect(
      within(giorgio)
        .getAllByRole('radio')
        .every((r) => !(r as HTMLInputElement).checked),
    ).toBe(true);
    expect(screen.getByRole('group', { name: 'Bianchi Niccolò' })).toBeTruthy();
  });

  it('moves with Tab from one patient to the next and with the arrows between the two choices', async () => {
    renderView(state());
    const presentMario = screen.getAllByRole('radio', { name: 'Presente' })[0];
    presentMario.focus();
    await userEvent.tab();
    // The checked radio is the group's only stop: Tab goes on to the next patient.
    expect(document.activeElement).toBe(
      within(screen.getByRole('group', { name: 'Verdi Giorgio' })).getByRole('radio', { name: 'Presente' }),
    );
    const radios = within(screen.getByRole('group', { name: 'Rossi Mario' })).getAllByRole('radio');
    expect(new Set(radios.map((r) => (r as HTMLInputElement).name)).size).toBe(1);
  });

  it('for an administrator, Assente shows the reason (from the recorded absence) and giustificata', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => {}));
    renderView(state());
    const giorgio = screen.getByRole('group', { name: 'Verdi Giorgio' });
    await userEvent.click(within(giorgio).getByRole('radio', { name: 'Assente' }));
    expect((within(giorgio).getByRole('combobox', { name: 'Motivo' }) as HTMLSelectElement).value).toBe('ricovero');
    expect((within(giorgio).getByRole('checkbox', { name: 'giustificata' }) as HTMLInputElement).checked).toBe(true);
    expect(fetchSpy).toHaveBeenCalled();
  });

  it('Assente with no recorded absence asks the reason and sends nothing until it is chosen', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(answerHealthOnly);
    renderView(state());
    const niccolo = screen.getByRole('group', { name: 'Bianchi Niccolò' });
    await userEvent.click(within(niccolo).getByRole('radio', { name: 'Assente' }));
    const reason = within(niccolo).getByRole('combobox', { name: 'Motivo' }) as HTMLSelectElement;
    expect(reason.value).toBe('');
    expect(within(niccolo).getByText(PRESENZE_MSG.reasonToChoose)).toBeTruthy();
    const marks = () => fetchSpy.mock.calls.filter(([url]) => String(url).includes('/presenze/appello')) as [string, RequestInit][];
    expect(marks()).toEqual([]);
    await userEvent.selectOptions(reason, 'permesso');
    await vi.waitFor(() => expect(marks()).toHaveLength(1));
    const [, init] = marks()[0];
    expect(JSON.parse(String(init.body))).toMatchObject({ paziente: 6, presente: false, motivo: 'permesso', giustificata: true });
  });

  it('offers Tutti presenti for those not yet marked and without a recorded absence, in one request', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(answerHealthOnly);
    renderView(state());
    await userEvent.click(screen.getByRole('button', { name: 'Tutti presenti (1)' }));
    const marks = () => fetchSpy.mock.calls.filter(([url]) => String(url).includes('/presenze/appello')) as [string, RequestInit][];
    await vi.waitFor(() => expect(marks()).toHaveLength(1));
    const [url, init] = marks()[0];
    expect(url).toContain('/presenze/appello/tutti');
    expect(JSON.parse(String(init.body))).toEqual({ data: today });
  });

  it('is read-only for a viewer on a past day, and says why', () => {
    setUser(viewer);
    renderView(state({ day: addDays(today, -1) }));
    expect(screen.getByText(PRESENZE_MSG.pastDayAdminOnly)).toBeTruthy();
    expect(screen.getAllByRole('radio').every((r) => r.matches(':disabled'))).toBe(true);
  });

  it('is read-only for a consultazione account not linked to an operatore, even today, and says why', () => {
    setUser(viewer);
    renderView(state(), vi.fn(), false);
    expect(screen.getByText(PRESENZE_MSG.staffOnly)).toBeTruthy();
    expect(screen.getAllByRole('radio').every((r) => r.matches(':disabled'))).toBe(true);
  });

  it('lets a viewer linked to an operatore mark today', () => {
    setUser(viewer);
    renderView(state());
    expect(screen.queryByText(PRESENZE_MSG.staffOnly)).toBeNull();
    expect(screen.getAllByRole('radio').some((r) => r.matches(':disabled'))).toBe(false);
  });

  it('is read-only for everyone on a future day', () => {
    renderView(state({ day: addDays(today, 1) }));
    expect(screen.getByText(PRESENZE_MSG.futureDay)).toBeTruthy();
    expect(screen.getAllByRole('radio').every((r) => r.matches(':disabled'))).toBe(true);
  });

  it('lets an administrator correct a past day', () => {
    renderView(state({ day: addDays(today, -1) }));
    expect(screen.queryByText(PRESENZE_MSG.pastDayAdminOnly)).toBeNull();
    expect(screen.getAllByRole('radio').some((r) => r.matches(':disabled'))).toBe(false);
  });
});

describe('Registro mensile', () => {
  it('shows the cells in the register notation, the totals, the long-absence flag and who closed the month', () => {
    renderView(state({ tab: 'registro' }));
    const table = screen.getByRole('table', { name: 'Registro presenze di novembre 2026' });
    const row = within(table).getByRole('row', { name: /Rossi Mario/ });
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[22]).toBe('P');
    expect(cells[23]).toBe('Am*');
    expect(cells.slice(30)).toEqual(['1', '1', '0', '1', '1', '0', '0', '0', '0']);
    expect(within(row).getByText('assente da 30+ giorni')).toBeTruthy();
    expect(
      within(table)
        .getByRole('columnheader', { name: /Domenica 01\/11\/2026, Ognissanti/ })
        .getAttribute('title'),
    ).toBe('Ognissanti');
    expect(within(table).getByRole('row', { name: /Presenti del giorno/ })).toBeTruthy();
    expect(screen.getByText('Mese chiuso da anna il 02/12/2026')).toBeTruthy();
    expect(screen.getByText(/assente per malattia/)).toBeTruthy();
  });

  it('gives administrators Riapri on a closed month, everyone the exports', () => {
    renderView(state({ tab: 'registro' }));
    expect(screen.getByRole('button', { name: 'Riapri' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Chiudi il mese' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Esporta PDF' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Esporta CSV' })).toBeTruthy();
  });

  it('hides the closing buttons from a viewer', () => {
    setUser(viewer);
    renderView(state({ tab: 'registro' }));
    expect(screen.queryByRole('button', { name: 'Riapri' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Esporta CSV' })).toBeTruthy();
  });

  it('asks for the previous and next month', async () => {
    const onChange = renderView(state({ tab: 'registro' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mese precedente' }));
    expect(onChange).toHaveBeenCalledWith({ month: '2026-10' });
    await userEvent.click(screen.getByRole('button', { name: 'Mese successivo' }));
    expect(onChange).toHaveBeenCalledWith({ month: '2026-12' });
  });
});

describe('Assenze', () => {
  it('lists the absences with dates as dd/mm/yyyy and, for administrators, the actions', () => {
    renderView(state({ tab: 'assenze' }));
    const row = screen.getByRole('row', { name: /laura/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['operatore', '24/11/2026', '26/11/2026', 'malattia', 'sì', 'febbre', 'Togli dalle attività del periodoModificaElimina']);
    // Each button's name starts with its visible words (WCAG 2.5.3), then whose absence it is.
    expect(within(row).getByRole('button', { name: 'Togli dalle attività del periodo: laura' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Modifica l’assenza di laura dal 24/11/2026' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nuova assenza' })).toBeTruthy();
  });

  it('shows a viewer the list without any write control', () => {
    setUser(viewer);
    renderView(state({ tab: 'assenze' }));
    expect(screen.getByRole('row', { name: /laura/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nuova assenza' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Elimina|Modifica/ })).toBeNull();
  });

  it('says in the singular or the plural how many activities and runs an absent person was taken out of', () => {
    expect([0, 1, 3].map(removedText)).toEqual([
      'Non era in nessuna attività o uscita del periodo',
      'Tolto da 1 attività o uscita',
      'Tolto da 3 attività e uscite',
    ]);
  });

  it('refuses an end before the start without asking the server', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderView(state({ tab: 'assenze', from: '2026-11-30', to: '2026-11-01' }));
    expect(screen.getByText(PRESENZE_MSG.rangeInvalid)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('checks the new absence with the shared schema: the person, the dates and the note, each under its field', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderView(state({ tab: 'assenze' }));
    await userEvent.click(screen.getByRole('button', { name: 'Nuova assenza' }));
    const dialog = screen.getByRole('dialog', { name: 'Nuova assenza' });
    expect((within(dialog).getByRole('checkbox', { name: 'Giustificata' }) as HTMLInputElement).checked).toBe(true);
    const from = within(dialog).getByLabelText('Dal');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-10');
    const to = within(dialog).getByLabelText('Al');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-05');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registra l’assenza' }));
    expect(within(dialog).getByText('Scegli la persona assente')).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('absence-to-error')?.textContent).toBe(PRESENZE_MSG.rangeInvalid);
    expect(from.getAttribute('aria-invalid')).toBe('false');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-12');
    const note = within(dialog).getByLabelText('Note');
    await userEvent.click(note);
    await userEvent.paste('x'.repeat(201));
    expect(within(dialog).getByText(/201\/200 caratteri/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registra l’assenza' }));
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('absence-note-error')?.textContent).toBe(PRESENZE_MSG.noteInvalid);
    expect(to.getAttribute('aria-invalid')).toBe('false');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('Nuova assenza', () => {
  it('sends nothing until a person is chosen, even with every other field right', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderView(state({ tab: 'assenze' }));
    await userEvent.click(screen.getByRole('button', { name: 'Nuova assenza' }));
    const dialog = screen.getByRole('dialog', { name: 'Nuova assenza' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Operatore' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registra l’assenza' }));
    expect(within(dialog).getByText('Scegli la persona assente')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /Scegli l’operatore/ })).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('Chiusure', () => {
  it('lists the national holidays of the year, Easter Monday included, and the centre’s closing days', () => {
    renderView(state({ tab: 'chiusure' }));
    const holidays = screen.getByRole('table', { name: 'Festività nazionali' });
    expect(within(holidays).getByRole('row', { name: /06\/04\/2026 Lunedì dell'Angelo/ })).toBeTruthy();
    // 4 ottobre, San Francesco d'Assisi, is a national holiday again from 2026: 12 holidays and the header.
    expect(within(holidays).getByRole('row', { name: /04\/10\/2026 San Francesco d'Assisi/ })).toBeTruthy();
    expect(within(holidays).getAllByRole('row')).toHaveLength(13);
    const closing = screen.getByRole('table', { name: 'Chiusure del centro' });
    expect(within(closing).getByRole('row', { name: /07\/12\/2026 Sant’Ambrogio/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Aggiungi chiusura' })).toBeTruthy();
  });

  it('checks a new closing day with the shared schema', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderView(state({ tab: 'chiusure' }));
    await userEvent.type(screen.getByLabelText('Descrizione'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi chiusura' }));
    expect(document.getElementById('closing-description-error')?.textContent).toBe(PRESENZE_MSG.closingDayInvalid);
    expect(screen.getByLabelText('Data').getAttribute('aria-invalid')).toBe('true');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses a range whose end comes before its start, before sending', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderView(state({ tab: 'chiusure' }));
    await userEvent.type(screen.getByLabelText('Data'), '20/08/2027');
    await userEvent.type(screen.getByLabelText('Fino al (facoltativo)'), '10/08/2027');
    await userEvent.type(screen.getByLabelText('Descrizione'), 'Chiusura estiva');
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi chiusura' }));
    expect(document.getElementById('closing-until-error')?.textContent).toBe(PRESENZE_MSG.closingRangeOrder);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('allPresentSummary', () => {
  it('sums up Tutti presenti in one sentence, in the singular or the plural', () => {
    expect(allPresentSummary({ segnati: 12, giaSegnati: 3, conAssenza: 1 })).toBe(
      '12 utenti segnati presenti · 3 erano già segnati · 1 con un’assenza registrata, da segnare a mano',
    );
    expect(allPresentSummary({ segnati: 1, giaSegnati: 0, conAssenza: 0 })).toBe('1 utente segnato presente');
  });
});
