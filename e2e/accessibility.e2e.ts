/**
 * WCAG 2.1 AA on every screen (docs/product.md, Aspetto): axe-core runs in Chromium on each screen, modal and state
 * below, for each role and at 1366×768 and 390×844, and any serious or critical violation fails the test with its rule,
 * its elements and a short summary. One line of SCREENS per screen or state: a new screen is one more line.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { TEMPLATE_EPOCH } from '../common/modelli.ts';
import { activities, activityTherapists, templates } from '../server/db/schema.ts';
import { describeViolations, seriousViolations } from './axe.ts';
import { MON, WED } from './dates.ts';
import { E2E_ADMIN, E2E_VIEWER, seedE2eCentre, type E2eCentre } from './fixtures.ts';
import { newPage, screenshot, serverAndBrowser, VIEWPORTS } from './harness.ts';
import { activity, modal, modalClosed, signIn } from './helpers.ts';

type Role = 'anonimo' | 'amministratore' | 'consultazione';
type Size = keyof typeof VIEWPORTS;

interface Screen {
  name: string;
  /** Opened with page.goto before `prepare`; for a signed-out screen, the sign-in page itself. A function reads the seeded ids. */
  path: string | ((centre: E2eCentre) => string);
  roles: readonly Role[];
  /** Both sizes unless told. */
  sizes?: readonly Size[];
  /** Brings the page to the state to check (a modal open, a toast showing); waits until it is shown. */
  prepare?: (page: Page) => Promise<void>;
}

const STAFF: readonly Role[] = ['amministratore', 'consultazione'];
const ADMIN: readonly Role[] = ['amministratore'];
const GINNASTICA = (page: Page) => activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30');

/** Waits for a modal by its title and for its search results, when it has a search. */
async function openSearch(page: Page, button: string, title: string, search: string, option: RegExp) {
  await GINNASTICA(page).getByRole('button', { name: button }).click();
  const dialog = modal(page, title);
  await dialog.getByRole('combobox').fill(search);
  await dialog.getByRole('option', { name: option }).first().waitFor();
}

/** Presses the button and waits for the dialog it opens. */
const opensDialog = (button: string) => async (page: Page) => {
  await page.getByRole('button', { name: button, exact: true }).first().click();
  await page.getByRole('dialog').waitFor();
};

const SCREENS: Screen[] = [
  { name: 'accesso', path: '/', roles: ['anonimo'] },
  {
    name: 'accesso dopo credenziali errate',
    path: '/',
    roles: ['anonimo'],
    prepare: async (page) => {
      await page.getByLabel('Username').fill('nessuno');
      await page.getByLabel('Password').fill('sbagliata');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('alert').first().waitFor();
    },
  },
  { name: 'calendario', path: `/calendario?data=${MON}`, roles: STAFF },
  {
    name: 'calendario con banner dei conflitti',
    path: `/calendario?data=${WED}`,
    roles: STAFF,
    prepare: (page) => page.locator('.conflict-banner').first().waitFor(),
  },
  {
    name: 'calendario, calendario della data aperto',
    path: `/calendario?data=${MON}`,
    roles: STAFF,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Data: scegli dal calendario' }).click();
      await page.getByRole('dialog', { name: 'Calendario (Data)' }).waitFor();
    },
  },
  {
    name: 'Crea Attività',
    path: `/calendario?data=${MON}`,
    roles: ADMIN,
    prepare: async (page) => {
      await page.getByRole('button', { name: '[+] Attività' }).click();
      await modal(page, 'Crea Attività').getByLabel('Nome attività').waitFor();
    },
  },
  {
    name: 'Modifica Attività',
    path: `/calendario?data=${MON}`,
    roles: ADMIN,
    prepare: async (page) => {
      await GINNASTICA(page).getByRole('button', { name: 'Ginnastica dolce', exact: true }).click();
      await modal(page, 'Modifica Attività').getByRole('button', { name: 'Salva' }).waitFor();
    },
  },
  {
    name: 'Aggiungi Paziente con risultati',
    path: `/calendario?data=${MON}`,
    roles: ADMIN,
    prepare: (page) => openSearch(page, 'Aggiungi utente', 'Aggiungi Paziente', 'a', /Anna Neri/),
  },
  {
    name: 'Aggiungi Terapista con risultati',
    path: `/calendario?data=${MON}`,
    roles: ADMIN,
    prepare: (page) => openSearch(page, 'Aggiungi operatore', 'Aggiungi Terapista', 'e', /stefano\.villa/),
  },
  {
    name: 'Gestione Paziente',
    path: `/calendario?data=${MON}`,
    roles: ADMIN,
    prepare: async (page) => {
      await GINNASTICA(page).getByRole('button', { name: 'Mario Rossi' }).click();
      await modal(page, 'Gestione Paziente').waitFor();
    },
  },
  {
    name: 'calendario con un avviso (toast)',
    path: `/calendario?data=${MON}`,
    roles: ADMIN,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Copia Giornata' }).click();
      await page.getByRole('button', { name: 'Incolla giornata' }).click();
      const toast = page.locator('[role="status"][aria-live]', { hasText: 'Questa è la giornata copiata' });
      await toast.waitFor();
      // Under the pointer a toast waits: it is still there while axe reads the page.
      await toast.hover();
      // The copied day is forgotten, so the next lines see the toolbar as it was.
      await page.evaluate(() =>
        Object.keys(localStorage)
          .filter((key) => key.startsWith('giornata:giornata-copiata'))
          .forEach((key) => localStorage.removeItem(key)),
      );
    },
  },
  {
    name: 'domanda prima di sostituire una giornata',
    path: `/calendario?data=${MON}`,
    roles: ADMIN,
    prepare: async (page) => {
      // Wednesday copied, pasted onto Monday, which holds a run and activities: the question, left open for axe.
      const monday = page.url();
      await page.goto(monday.replace(MON, WED));
      await page.getByRole('button', { name: 'Copia Giornata' }).click();
      await page.goto(monday);
      await page.getByRole('button', { name: 'Incolla giornata' }).click();
      await modal(page, 'Sostituire la giornata?').waitFor();
      // The copied day is forgotten, so the next lines see the toolbar as it was.
      await page.evaluate(() =>
        Object.keys(localStorage)
          .filter((key) => key.startsWith('giornata:giornata-copiata'))
          .forEach((key) => localStorage.removeItem(key)),
      );
    },
  },
  {
    name: 'Cambia password',
    path: `/calendario?data=${MON}`,
    roles: STAFF,
    prepare: async (page) => {
      // On a phone the button waits in the bar's menu.
      const menu = page.getByRole('button', { name: 'Menu' });
      if (await menu.isVisible()) await menu.click();
      await page.getByRole('button', { name: 'Cambia password' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'stampa settimanale',
    path: `/stampasettimana?data=${MON}`,
    roles: STAFF,
    prepare: (page) => page.locator('table.week-table').waitFor(),
  },
  { name: 'Anagrafiche, Pazienti', path: '/anagrafiche?scheda=pazienti', roles: ADMIN },
  { name: 'Anagrafiche, Terapisti', path: '/anagrafiche?scheda=terapisti', roles: ADMIN },
  { name: 'Anagrafiche, Stanze', path: '/anagrafiche?scheda=stanze', roles: ADMIN },
  { name: 'Anagrafiche, Uscite', path: `/anagrafiche?scheda=uscite&data=${MON}`, roles: ADMIN },
  { name: 'Anagrafiche, Account', path: '/anagrafiche?scheda=account', roles: ADMIN },
  {
    name: 'Anagrafiche, Nuovo paziente',
    path: '/anagrafiche?scheda=pazienti',
    roles: ADMIN,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Nuovo paziente' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: 'Presenze, Appello', path: `/presenze?scheda=appello&data=${MON}`, roles: STAFF },
  { name: 'Presenze, Registro mensile', path: '/presenze?scheda=registro&mese=2026-11', roles: STAFF },
  { name: 'Presenze, Assenze', path: '/presenze?scheda=assenze', roles: STAFF },
  { name: 'Presenze, Chiusure', path: '/presenze?scheda=chiusure', roles: STAFF },
  {
    name: 'Presenze, Nuova assenza con il calendario di Dal aperto',
    path: '/presenze?scheda=assenze',
    roles: ADMIN,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Nuova assenza' }).click();
      await modal(page, 'Nuova assenza').getByRole('button', { name: 'Dal: scegli dal calendario' }).click();
      await page.getByRole('dialog', { name: 'Calendario (Dal)' }).waitFor();
    },
  },
  { name: 'Registro, Modifiche', path: '/registro?scheda=modifiche', roles: ADMIN },
  { name: 'Registro, Accessi a un utente', path: '/registro?scheda=accessi', roles: ADMIN },
  {
    name: 'Gestione Terapista',
    path: `/calendario?data=${MON}`,
    roles: ADMIN,
    prepare: async (page) => {
      await GINNASTICA(page).getByRole('button', { name: 'paola.neri' }).click();
      await modal(page, 'Gestione Terapista').waitFor();
    },
  },
  { name: 'Anagrafiche, Nuovo operatore', path: '/anagrafiche?scheda=terapisti', roles: ADMIN, prepare: opensDialog('Nuovo operatore') },
  { name: 'Anagrafiche, Nuova stanza', path: '/anagrafiche?scheda=stanze', roles: ADMIN, prepare: opensDialog('Nuova stanza') },
  { name: 'Anagrafiche, Nuova uscita', path: `/anagrafiche?scheda=uscite&data=${MON}`, roles: ADMIN, prepare: opensDialog('Nuova uscita') },
  { name: 'Anagrafiche, Nuovo account', path: '/anagrafiche?scheda=account', roles: ADMIN, prepare: opensDialog('Nuovo account') },
  { name: 'Anagrafiche, Centro', path: '/anagrafiche?scheda=centro', roles: ADMIN },
  { name: 'Modelli, Nuovo modello', path: '/modelli', roles: ADMIN, prepare: opensDialog('Nuovo modello') },
  {
    name: 'stampa settimanale, Salva settimana come modello',
    path: `/stampasettimana?data=${MON}`,
    roles: ADMIN,
    prepare: opensDialog('Salva settimana come modello'),
  },
  { name: 'Modelli', path: '/modelli', roles: STAFF },
  {
    name: 'Modelli, Applica modello',
    path: '/modelli',
    roles: ADMIN,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Applica modello' }).first().click();
      await modal(page, 'Applica modello').waitFor();
    },
  },
  { name: 'giorno di un modello', path: `/calendario?data=${TEMPLATE_EPOCH}`, roles: STAFF },
  {
    name: 'agenda di un operatore (con il calendario sul telefono)',
    path: (centre) => `/agenda?tipo=terapista&id=${centre.therapists.paola.id}&data=${MON}`,
    roles: STAFF,
  },
  {
    name: 'agenda settimanale di un utente',
    path: (centre) => `/agenda?tipo=paziente&id=${centre.patients.mario.id}&data=${MON}&vista=settimana`,
    roles: STAFF,
  },
];

/** The e2e centre, plus a conflict on Wednesday: paola.neri in two overlapping activities (the banner shows). */
const e2e = serverAndBrowser(async (db) => {
  const centre = await seedE2eCentre(db);
  const [a, b] = await db
    .insert(activities)
    .values([
      { name: 'Ginnastica', roomId: centre.rooms.palestra.id, day: WED, weekday: 3, start: '09:00', end: '10:00' },
      { name: 'Canto', roomId: centre.rooms.musica.id, day: WED, weekday: 3, start: '09:30', end: '10:30' },
    ])
    .returning();
  await db.insert(activityTherapists).values([
    { activityId: a.id, therapistId: centre.therapists.paola.id },
    { activityId: b.id, therapistId: centre.therapists.paola.id },
  ]);
  // A template whose Monday holds one activity: the template day and the Modelli list have something to show.
  await db.insert(templates).values({ id: 1, name: 'Inverno', week: TEMPLATE_EPOCH });
  await db
    .insert(activities)
    .values({ name: 'Musica', roomId: centre.rooms.musica.id, day: TEMPLATE_EPOCH, weekday: 1, start: '09:00', end: '10:00' });
  return centre;
});

/** One page per role and size, signed in once and reused by every line of that role and size. */
const pages = new Map<string, Promise<{ page: Page; close: () => Promise<void> }>>();
function pageFor(role: Role, size: Size) {
  const key = `${role} ${size}`;
  let opened = pages.get(key);
  if (!opened) {
    opened = (async () => {
      const { context, page } = await newPage(e2e.browser, VIEWPORTS[size]);
      // Leaving a screen with a form open may ask for confirmation: yes.
      page.on('dialog', (dialog) => void dialog.accept());
      if (role !== 'anonimo') await signIn(page, e2e.server.url, role === 'amministratore' ? E2E_ADMIN : E2E_VIEWER);
      return { page, close: () => context.close() };
    })();
    pages.set(key, opened);
  }
  return opened;
}
afterAll(async () => {
  for (const opened of pages.values()) await (await opened).close();
});

/** The screen is drawn: its heading is there and nothing is loading any more. */
async function settled(page: Page) {
  await page.locator('h1, h2').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.spinner-border, .placeholder-glow'));
}

describe('no serious or critical axe violation', () => {
  for (const screen of SCREENS) {
    for (const role of screen.roles) {
      for (const size of screen.sizes ?? (['laptop', 'phone'] as const)) {
        test(`${screen.name} · ${role} · ${VIEWPORTS[size].width}×${VIEWPORTS[size].height}`, async () => {
          const { page } = await pageFor(role, size);
          // The line before may have left a modal open: Esc closes it (an open Crea Attività would come back on reload).
          // Esc closes a date popover first, then its modal.
          if ((await page.locator('.date-field-popover').count()) > 0) {
            await page.keyboard.press('Escape');
            await page.locator('.date-field-popover').waitFor({ state: 'detached' });
          }
          if ((await page.locator('.modal.show').count()) > 0) {
            await page.keyboard.press('Escape');
            await modalClosed(page);
          }
          const path = typeof screen.path === 'function' ? screen.path(e2e.server.centre) : screen.path;
          await page.goto(`${e2e.server.url}${path}`);
          await settled(page);
          try {
            await screen.prepare?.(page);
          } catch (error) {
            await screenshot(page, `axe-non-pronto-${screen.name}-${role}-${size}`);
            throw error;
          }
          const violations = await seriousViolations(page);
          expect(violations, `${screen.name} (${role}, ${size}):\n${describeViolations(violations)}`).toEqual([]);
        });
      }
    }
  }
});
