/** Sign-in, roles and routes (docs/product.md, Ruoli): the login form, amministratore versus consultazione, the server's refusals. */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ERROR_CODES } from '../common/errors.ts';
import { todayInRome } from '../common/dates.ts';
import { paths } from '../common/paths.ts';
import { MSG } from '../common/messages.ts';
import { PASSWORD_MSG } from '../common/passwords.ts';
import { users } from '../server/db/schema.ts';
import { hashPassword } from '../server/lib/passwords.ts';
import { MON } from './dates.ts';
import { E2E_ADMIN, E2E_VIEWER, seedE2eCentre } from './fixtures.ts';
import { describeViolations, seriousViolations } from './axe.ts';
import { newPage, screenshot, serverAndBrowser, VIEWPORTS } from './harness.ts';
import { activity, callServer, dayLoaded, expectNoPageErrors, headline, openDay, signIn } from './helpers.ts';

/** An account whose password was set before the rule of new passwords (common/passwords.ts): four characters. */
const OLD_ACCOUNT = { username: 'vecchio.collega', password: '1234' };

const e2e = serverAndBrowser(async (db) => {
  const centre = await seedE2eCentre(db);
  await db.insert(users).values({ username: OLD_ACCOUNT.username, passwordHash: await hashPassword(OLD_ACCOUNT.password), admin: 0 });
  return centre;
});

const BOOTSTRAP_DANGER = 'rgb(220, 53, 69)';

async function fieldState(page: Page, label: string) {
  return page.getByLabel(label, { exact: true }).evaluate((el) => ({
    invalid: el.classList.contains('is-invalid'),
    border: getComputedStyle(el).borderTopColor,
  }));
}

const ADMIN_BUTTONS = ['Copia Giornata', 'Svuota Giornata', '[+] Attività'];

/** axe-core on the page as it is: no serious or critical violation of WCAG 2.1 AA. */
async function expectNoSeriousViolations(page: Page, where: string) {
  const violations = await seriousViolations(page);
  expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
}

describe('login screen', () => {
  test('every validation message: short username, short password, red border for 1 to 3 characters', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await page.goto(`${e2e.server.url}/`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await screenshot(page, 'login-1366x768');

    // Empty fields are not red.
    expect(await fieldState(page, 'Username')).toMatchObject({ invalid: false });
    expect(await fieldState(page, 'Password')).toMatchObject({ invalid: false });

    // 1 to 3 characters: red border and the message while typing.
    for (const text of ['a', 'ab', 'abc']) {
      await page.getByLabel('Username').fill(text);
      await page.getByText(MSG.usernameInvalid, { exact: true }).waitFor();
      expect(await fieldState(page, 'Username')).toEqual({ invalid: true, border: BOOTSTRAP_DANGER });
    }
    // The fourth character makes it valid.
    await page.getByLabel('Username').fill('abcd');
    await page.getByText(MSG.usernameInvalid, { exact: true }).waitFor({ state: 'hidden' });
    expect((await fieldState(page, 'Username')).invalid).toBe(false);

    for (const text of ['x', 'xy', 'xyz']) {
      await page.getByLabel('Password').fill(text);
      await page.getByText(MSG.passwordInvalid, { exact: true }).waitFor();
      expect(await fieldState(page, 'Password')).toEqual({ invalid: true, border: BOOTSTRAP_DANGER });
    }
    await page.getByLabel('Password').fill('xyzw');
    await page.getByText(MSG.passwordInvalid, { exact: true }).waitFor({ state: 'hidden' });
    expect((await fieldState(page, 'Password')).invalid).toBe(false);

    // Submitting empty fields shows both messages, and nobody is signed in.
    await page.getByLabel('Username').fill('');
    await page.getByLabel('Password').fill('');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText(MSG.usernameInvalid, { exact: true }).waitFor();
    await page.getByText(MSG.passwordInvalid, { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

    // Submitting a short username with a good password shows only the username message.
    await page.getByLabel('Username').fill('dir');
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText(MSG.usernameInvalid, { exact: true }).waitFor();
    expect(await page.getByText(MSG.passwordInvalid, { exact: true }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/');

    await page.setViewportSize(VIEWPORTS.phone);
    await page.getByLabel('Username').fill('');
    await page.getByLabel('Password').fill('');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await screenshot(page, 'login-390x844');
    expectNoPageErrors(errors);
    await context.close();
  });

  test('wrong credentials: «Login fallito» and both fields red, cleared by typing', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await page.goto(`${e2e.server.url}/`);
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill('password-sbagliata');
    await page.getByRole('button', { name: 'Login' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.innerText()).trim()).toBe(MSG.loginFailed);
    expect(await fieldState(page, 'Username')).toEqual({ invalid: true, border: BOOTSTRAP_DANGER });
    expect(await fieldState(page, 'Password')).toEqual({ invalid: true, border: BOOTSTRAP_DANGER });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await screenshot(page, 'login-failed-1366x768');

    // An unknown user gets the same answer.
    await page.getByLabel('Username').fill('nessuno-qui');
    await page.getByRole('alert').waitFor({ state: 'detached' });
    expect((await fieldState(page, 'Username')).invalid).toBe(false);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').waitFor();
    expect((await page.getByRole('alert').innerText()).trim()).toBe(MSG.loginFailed);
    expectNoPageErrors(errors);
    await context.close();
  });
});

/** A user stored by the web app (localStorage) whose session the server does not know, as after a restart of its data. */
async function storeStaleUser(context: BrowserContext) {
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('user', JSON.stringify({ ID: 1, username: 'direttrice', Admin: 1 }));
    }
  });
}

describe('roles', () => {
  test('administrator: signs in to the calendar with every editing control, then logs out', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, E2E_ADMIN);
    // The user is kept in local storage under "user", from the login answer.
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? 'null');
    expect(stored).toMatchObject({ username: E2E_ADMIN.username, Admin: 1 });

    await openDay(page, e2e.server.url, MON);
    expect(await page.getByRole('navigation').getByText(E2E_ADMIN.username, { exact: true }).count()).toBe(1);
    for (const name of ADMIN_BUTTONS) await page.getByRole('button', { name, exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Stampa PDF' }).getAttribute('href')).toBe(`/stampasettimana?data=${MON}`);
    // Table headers: Ora, each room, Attività esterne.
    expect(await page.locator('.day-table thead th').allInnerTexts()).toEqual([
      'Ora',
      'Palestra',
      'Logopedia',
      'Musicoterapia',
      'Attività esterne',
    ]);

    const ginnastica = activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30');
    await ginnastica.getByRole('button', { name: 'Ginnastica dolce', exact: true }).waitFor();
    await ginnastica.getByRole('button', { name: 'Aggiungi utente' }).waitFor();
    await ginnastica.getByRole('button', { name: 'Aggiungi operatore' }).waitFor();
    await ginnastica.getByRole('button', { name: 'Mario Rossi' }).waitFor();
    await ginnastica.getByRole('button', { name: 'paola.neri' }).waitFor();
    await activity(page, 'Andata Nord', 'Attività esterne', '08:00', '09:00').getByRole('button', { name: 'Andata Nord' }).waitFor();
    await page.getByRole('group', { name: 'Palestra, 10:30–12:00' }).getByRole('button', { name: 'Incolla da precedente' }).waitFor();
    await screenshot(page, 'calendario-admin-1366x768');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    // Signed out, the calendar sends back to the login screen.
    await page.goto(`${e2e.server.url}/calendario?data=${MON}`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expectNoPageErrors(errors);
    await context.close();
  });

  test('non-administrator: sees the day with no editing control, and the server refuses its writes', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, E2E_VIEWER, MON);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? 'null');
    expect(stored).toMatchObject({ username: E2E_VIEWER.username, Admin: 0 });

    const ginnastica = activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30');
    await ginnastica.waitFor();
    expect(await ginnastica.innerText()).toContain('Mario Rossi');
    expect(await ginnastica.innerText()).toContain('paola.neri');
    await activity(page, 'Andata Nord', 'Attività esterne', '08:00', '09:00').waitFor();
    await page.getByRole('link', { name: 'Stampa PDF' }).waitFor();

    // No editing control anywhere: none of the toolbar's, none in the table.
    for (const name of [...ADMIN_BUTTONS, 'Incolla giornata', 'Annulla copia']) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    expect(await page.locator('.day-table button').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Incolla da precedente' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Aggiungi utente' }).count()).toBe(0);
    await screenshot(page, 'calendario-consultazione-1366x768');

    // The server refuses a non-administrator's writes even with a valid session and CSRF token.
    const emptied = await callServer(page, 'POST', '/server/calendario/emptyday', { data: MON });
    expect(emptied).toEqual({ status: 403, body: { error: MSG.adminOnly, code: ERROR_CODES.adminOnly } });
    const created = await callServer(page, 'PUT', '/server/calendario/createattivita', {
      nome: 'Intrusa',
      stanza: e2e.server.centre.rooms.palestra.id,
      giorno: 1,
      data: MON,
      orainizio: '13:00',
      orafine: '14:00',
      trasporto: -1,
    });
    expect(created).toEqual({ status: 403, body: { error: MSG.adminOnly, code: ERROR_CODES.adminOnly } });

    // And the day is untouched.
    await page.reload();
    await ginnastica.waitFor();
    await activity(page, 'Logopedia individuale', 'Logopedia', '10:30', '12:00').waitFor();
    expect(await page.getByRole('group', { name: /^Intrusa,/ }).count()).toBe(0);

    await page.setViewportSize(VIEWPORTS.phone);
    await ginnastica.waitFor();
    await screenshot(page, 'calendario-consultazione-390x844');
    expectNoPageErrors(errors);
    await context.close();
  });

  test('a stored user whose session the server does not know is signed out by the 403 of the auth check', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await storeStaleUser(context);
    await page.goto(`${e2e.server.url}/calendario?data=${MON}`);
    // To /login, remembering the screen and day to return to.
    await page.waitForURL(`${e2e.server.url}/login?ritorno=${encodeURIComponent(`/calendario?data=${MON}`)}`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    // /login is a real route: signing in from it works, and leads back to that day.
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expectNoPageErrors(errors);
    await context.close();
  });

  test('the refusal of a request sent before signing in, answered after it, signs nobody out', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await storeStaleUser(context);
    // The stale session's first auth check is answered late (a busy server): its 403 arrives once the new session began.
    let release: () => void = () => undefined;
    const late = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    await page.route('**/server/user/auth', async (route) => {
      if (!first) return route.fallback();
      first = false;
      await late;
      await route.fulfill({ status: 403, json: { error: MSG.notSignedIn, code: ERROR_CODES.notSignedIn } });
    });
    await page.goto(`${e2e.server.url}/calendario?data=${MON}`);
    // The day's read, refused, already sent the stale user to sign in.
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await dayLoaded(page);

    const answered = page.waitForEvent('requestfinished', (request) => request.url().endsWith('/server/user/auth'));
    release();
    await answered;
    // What a late sign-out would have done by now: back to the login, the stored user gone.
    await page.waitForTimeout(1_000);
    expect(new URL(page.url()).pathname).toBe('/calendario');
    expect(await page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('user'))).not.toBeNull();
    expectNoPageErrors(errors);
    await context.close();
  });
});

describe('a password older than the rule', () => {
  test('signs in, then must choose a new one before anything else; the calendar comes once it is chosen', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await page.goto(`${e2e.server.url}/`);
    await page.getByLabel('Username').fill(OLD_ACCOUNT.username);
    await page.getByLabel('Password').fill(OLD_ACCOUNT.password);
    await page.getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scegli una nuova password' });
    await dialog.getByText(PASSWORD_MSG.changeRequiredIntro).waitFor();
    // Nothing else: no bar, no calendar, and Esc does not close it.
    expect(await page.getByRole('navigation', { name: 'Sezioni' }).count()).toBe(0);
    expect(await page.locator('.day-table, .day-list').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor();
    await screenshot(page, 'password-obbligatoria-1366x768');

    await dialog.getByLabel('Password attuale').fill(OLD_ACCOUNT.password);
    await dialog.getByLabel('Nuova password', { exact: true }).fill(OLD_ACCOUNT.username);
    await dialog.getByLabel('Ripeti la nuova password').fill(OLD_ACCOUNT.username);
    await dialog.getByRole('button', { name: 'Cambia password' }).click();
    await dialog.getByText(PASSWORD_MSG.username).waitFor();
    await dialog.getByLabel('Nuova password', { exact: true }).fill('tramonto-sul-lago-di-como');
    await dialog.getByLabel('Ripeti la nuova password').fill('tramonto-sul-lago-di-como');
    await dialog.getByRole('button', { name: 'Cambia password' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await page.locator('.day-table, .day-list').first().waitFor();
    expectNoPageErrors(errors);
    await context.close();
  });
});

describe('routes', () => {
  test('an unknown route says so in Italian, with the way back', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await page.goto(`${e2e.server.url}/pagina-che-non-esiste`);
    await page.getByRole('heading', { level: 1, name: 'Pagina non trovata' }).waitFor();
    await page
      .getByRole('heading', { name: 'Errore 404: l’indirizzo /pagina-che-non-esiste non corrisponde a nessuna pagina di Giornata.' })
      .waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(/Unexpected|Not Found/);
    await expectNoSeriousViolations(page, 'Pagina non trovata');
    await screenshot(page, 'pagina-non-trovata');
    await page.getByRole('link', { name: 'Torna alla pagina iniziale' }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expectNoPageErrors(errors);
    await context.close();
  });

  test('a date in the address that is no date says "Data non valida" and offers today', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, E2E_ADMIN, MON);
    for (const route of [paths.calendar, paths.weekPrint]) {
      await page.goto(`${e2e.server.url}${route}?data=2026-13-45`);
      await page.getByText('«2026-13-45» non è una data del calendario.').waitFor();
      await expectNoSeriousViolations(page, `Data non valida (${route})`);
      await screenshot(page, `data-non-valida${route.replace('/', '-')}`);
      await page.getByRole('button', { name: 'Vai a oggi' }).click();
      // Today in the browser's time zone (Europe/Rome), not the test process's: from 23:00 UTC they differ.
      await page.waitForURL((url) => url.searchParams.get('data') === todayInRome());
    }
    expectNoPageErrors(errors);
    await context.close();
  });

  test('the admin calendar on a phone: a list of the cards, with no sideways scrolling', async () => {
    const { context, page, errors } = await newPage(e2e.browser, VIEWPORTS.phone);
    await signIn(page, e2e.server.url, E2E_ADMIN, MON);
    await activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30').waitFor();
    await page.getByRole('heading', { level: 1, name: headline(MON) }).waitFor();
    // Below 576 px the table gives way to a list (docs/product.md, Aspetto): the page does not scroll sideways.
    expect(await page.locator('.day-table-scroll').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'calendario-admin-390x844');
    // The top bar is one line (≤ 56 px); its sections and buttons wait behind Menu, which closes once a section is chosen.
    const bar = page.locator('header.app-navbar');
    expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(56);
    const logout = page.getByRole('button', { name: 'Logout' });
    expect(await logout.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await logout.waitFor();
    await expectNoSeriousViolations(page, 'il menu aperto sul telefono');
    await page.getByRole('link', { name: 'Presenze' }).click();
    await page.waitForURL(/\/presenze/);
    await logout.waitFor({ state: 'hidden' });
    expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(56);
    expectNoPageErrors(errors);
    await context.close();
  });
});
