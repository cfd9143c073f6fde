/**
 * No silent trouble: a day that cannot be loaded says so and recovers by itself; an ended session
 * keeps what was typed and returns to the same day; a stock client's first POST can be retried.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { MSG } from '../common/messages.ts';
import { MON, TUE } from './dates.ts';
import { E2E_ADMIN } from './fixtures.ts';
import { newPage, serverAndBrowser } from './harness.ts';
import {
  activity,
  dayLoaded,
  expectNoPageErrors,
  fillDate,
  headline,
  modal,
  recordDialogs,
  recordToasts,
  signIn,
  waitForToast,
} from './helpers.ts';

const e2e = serverAndBrowser();

const DAY_UNAVAILABLE = 'Impossibile caricare la giornata: controlla la connessione';
const NOT_UP_TO_DATE = 'Dati non aggiornati: impossibile caricare la giornata, controlla la connessione.';

async function pickDay(page: Page, day: string) {
  await fillDate(page.getByLabel('Data', { exact: true }), day);
  await page.getByRole('heading', { level: 1, name: headline(day) }).waitFor();
}

describe('no silent trouble', () => {
  test('server stopped: an error state with Riprova instead of an empty day, then recovery when it is back', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await recordToasts(page);
    recordDialogs(page);
    await signIn(page, e2e.server.url, E2E_ADMIN, MON);
    await activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30').waitFor();

    await e2e.server.pause();
    try {
      // A day never loaded: the error in place of the grid, never "Nessuna attività".
      await pickDay(page, TUE);
      const failure = page.getByRole('alert').filter({ hasText: DAY_UNAVAILABLE });
      await failure.waitFor();
      expect(await page.locator('.day-table').count()).toBe(0);
      expect(await page.getByText('Nessuna attività in questa giornata.').count()).toBe(0);
      await failure.getByRole('button', { name: 'Riprova' }).click();
      await failure.waitFor();

      // The day already shown: a failed write reloads it, which fails too; the last good data stays, marked.
      await pickDay(page, MON);
      await page.getByRole('button', { name: 'Svuota Giornata' }).click();
      await waitForToast(page, MSG.genericRetry);
      await page.getByRole('alert').filter({ hasText: NOT_UP_TO_DATE }).waitFor();
      await activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30').waitFor();
      expect(await page.locator('.day-stale .day-table').count()).toBe(1);
      await pickDay(page, TUE);
      await failure.waitFor();
    } finally {
      await e2e.server.resume();
    }

    // Nobody presses Riprova: the calendar tries again by itself and shows Tuesday.
    await activity(page, 'Coro', 'Musicoterapia', '14:00', '15:30').waitFor({ timeout: 30_000 });
    expect(await page.getByText(DAY_UNAVAILABLE).count()).toBe(0);
    await pickDay(page, MON);
    await dayLoaded(page);
    await page.getByText(NOT_UP_TO_DATE).waitFor({ state: 'detached', timeout: 30_000 });
    expectNoPageErrors(errors);
    await context.close();
  });

  test("a part of the calendar whose code cannot be fetched: the day stays and works, the part's code comes once it can", async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    // The line of Copertura under the day's title is a chunk of its own, asked for after the calendar paints (as a
    // server stopping then would refuse it).
    const chunk = /\/assets\/coverage-line-[\w-]+\.js$/;
    let refused = 0;
    await page.route(chunk, (route) => {
      refused++;
      return route.abort('connectionrefused');
    });
    await signIn(page, e2e.server.url, E2E_ADMIN, MON);
    await expect.poll(() => refused, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);

    // Never the error screen in place of the day: it is shown, and another day can be chosen.
    expect(await page.getByRole('heading', { name: 'Si è verificato un errore imprevisto' }).count()).toBe(0);
    await activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30').waitFor();
    await pickDay(page, TUE);
    await activity(page, 'Coro', 'Musicoterapia', '14:00', '15:30').waitFor();

    // The network is back: the next try fetches it, without a reload.
    const fetched = page.waitForResponse((response) => chunk.test(new URL(response.url()).pathname) && response.ok(), { timeout: 20_000 });
    await page.unroute(chunk);
    await fetched;
    expect(await page.getByRole('heading', { name: 'Si è verificato un errore imprevisto' }).count()).toBe(0);
    expectNoPageErrors(errors);
    await context.close();
  });

  test('session ended on the server while Crea Attività is open: sign in again, same day, what was typed is back', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await recordToasts(page);
    await signIn(page, e2e.server.url, E2E_ADMIN, TUE);
    await page.getByRole('button', { name: '[+] Attività' }).click();
    let form = modal(page, 'Crea Attività');
    await form.getByLabel('Nome attività').fill('Laboratorio di maschere');
    await form.getByLabel('Stanza').selectOption({ label: 'Logopedia' });
    await form.getByLabel('Ora inizio').fill('11:00');
    await form.getByLabel('Ora fine').fill('12:30');

    // The session ends elsewhere (as a sign-out from another device does): the server forgets it.
    const cookies = await context.cookies(e2e.server.url);
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const token = cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    const ended = await fetch(`${e2e.server.url}/server/user/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': decodeURIComponent(token) },
      body: '{}',
    });
    expect(ended.status).toBe(200);

    await form.getByRole('button', { name: 'Crea' }).click();
    await waitForToast(page, MSG.notSignedIn);
    await page.waitForURL(/\/login\?ritorno=/);
    expect(new URL(page.url()).searchParams.get('ritorno')).toBe(`/calendario?data=${TUE}`);
    await page.getByText('La sessione è scaduta: accedi di nuovo per tornare dove eri.').waitFor();

    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${e2e.server.url}/calendario?data=${TUE}`);
    await page.getByRole('heading', { level: 1, name: headline(TUE) }).waitFor();
    form = modal(page, 'Crea Attività');
    await form.waitFor();
    expect(await form.getByLabel('Nome attività').inputValue()).toBe('Laboratorio di maschere');
    expect(await form.getByLabel('Stanza').locator('option:checked').innerText()).toBe('Logopedia');
    expect(await form.getByLabel('Ora inizio').inputValue()).toBe('11:00');
    expect(await form.getByLabel('Ora fine').inputValue()).toBe('12:30');

    // Now it is saved, once, and the draft is gone: a reload opens no dialog.
    await form.getByRole('button', { name: 'Crea' }).click();
    await form.waitFor({ state: 'detached' });
    await activity(page, 'Laboratorio di maschere', 'Logopedia', '11:00', '12:30').waitFor();
    await page.reload();
    await dayLoaded(page);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expectNoPageErrors(errors);
    await context.close();
  });

  test('a stock client: the first request is a POST, refused, and its retry with the cookie it was given succeeds', async () => {
    const url = `${e2e.server.url}/server/user/login`;
    const body = JSON.stringify({ username: E2E_ADMIN.username, pass: E2E_ADMIN.password });
    const first = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(first.status).toBe(403);
    expect(((await first.json()) as { code: string }).code).toBe('csrf_invalid');
    const set = first.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
    expect(set, 'the refusal sets XSRF-TOKEN').toBeDefined();
    const token = set!.split(';')[0].slice('XSRF-TOKEN='.length);

    const retry = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': decodeURIComponent(token) },
      body,
    });
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as { value: { username: string } }).value.username).toBe(E2E_ADMIN.username);
  });
});
