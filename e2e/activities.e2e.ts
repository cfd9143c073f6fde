/** Crea Attività and Modifica Attività (docs/product.md, Regole and Messaggi): validation, create, edit, delete, transport, names shown as text. */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { MSG } from '../common/messages.ts';
import { FRI, MON, WED } from './dates.ts';
import { serverAndBrowser, adminPage as openAdminPage } from './harness.ts';
import {
  activity,
  createActivity,
  callServer,
  clearToasts,
  expectNoPageErrors,
  modal,
  modalClosed,
  waitForToast,
  waitForToastStartingWith,
} from './helpers.ts';

const e2e = serverAndBrowser();

const adminPage = (day: string) => openAdminPage(e2e, day);

/** Whether the field is marked invalid, and the feedback text shown under it. */
async function fieldError(page: Page, label: string) {
  return page
    .getByRole('dialog')
    .getByLabel(label, { exact: true })
    .evaluate((el) => ({
      invalid: el.classList.contains('is-invalid'),
      message: el.parentElement?.querySelector('.invalid-feedback')?.textContent ?? '',
    }));
}

async function openCreate(page: Page) {
  await page.getByRole('button', { name: '[+] Attività' }).click();
  const dialog = modal(page, 'Crea Attività');
  await dialog.waitFor();
  return dialog;
}

describe('activity form validation', () => {
  test('every message of the form: name, room, start and end, each under its field', async () => {
    const { context, page, errors } = await adminPage(WED);
    const dialog = await openCreate(page);

    // The draft: empty name, room 1, its first free quarter hour from the morning for an hour, no transport.
    expect(await dialog.getByLabel('Nome attività').inputValue()).toBe('');
    expect(await dialog.getByLabel('Stanza').inputValue()).toBe(String(e2e.server.centre.rooms.palestra.id));
    expect(await dialog.getByLabel('Ora inizio').inputValue()).toMatch(/^\d{2}:(00|15|30|45)$/);
    expect(await dialog.getByLabel('Ora fine').inputValue()).toMatch(/^\d{2}:\d{2}$/);
    expect(await dialog.getByLabel('Trasporto').locator('option').first().innerText()).toBe('Nessuno (attività in stanza)');

    // The room select only offers real rooms: put a room 0 in it, as a stale or tampered form would hold.
    await dialog.getByLabel('Stanza').evaluate((select) => {
      const option = document.createElement('option');
      option.value = '0';
      option.textContent = 'Stanza 0';
      select.appendChild(option);
    });
    await dialog.getByLabel('Stanza').selectOption('0');
    await dialog.getByLabel('Ora inizio').fill('');
    await dialog.getByLabel('Ora fine').fill('');
    await dialog.getByRole('button', { name: 'Crea' }).click();

    await dialog.getByText(MSG.activityNameInvalid, { exact: true }).waitFor();
    expect(await fieldError(page, 'Nome attività')).toEqual({ invalid: true, message: MSG.activityNameInvalid });
    expect(await fieldError(page, 'Stanza')).toEqual({ invalid: true, message: MSG.roomInvalid });
    expect(await fieldError(page, 'Ora inizio')).toEqual({ invalid: true, message: MSG.startInvalid });
    expect(await fieldError(page, 'Ora fine')).toEqual({ invalid: true, message: MSG.endInvalid });

    // Two characters are not a name; trimmed spaces do not count.
    await dialog.getByLabel('Nome attività').fill('  ab  ');
    expect((await fieldError(page, 'Nome attività')).invalid).toBe(false);
    await dialog.getByLabel('Stanza').selectOption({ label: 'Musicoterapia' });
    await dialog.getByLabel('Ora inizio').fill('10:00');
    await dialog.getByLabel('Ora fine').fill('11:00');
    await dialog.getByRole('button', { name: 'Crea' }).click();
    await dialog.getByText(MSG.activityNameInvalid, { exact: true }).waitFor();
    expect(await fieldError(page, 'Nome attività')).toEqual({ invalid: true, message: MSG.activityNameInvalid });
    for (const label of ['Stanza', 'Ora inizio', 'Ora fine']) expect((await fieldError(page, label)).invalid, label).toBe(false);

    // An end not after the start is refused too (our message: the spec does not say).
    await dialog.getByLabel('Nome attività').fill('Canto');
    await dialog.getByLabel('Ora fine').fill('09:30');
    await dialog.getByRole('button', { name: 'Crea' }).click();
    await dialog.getByText(MSG.endBeforeStart, { exact: true }).waitFor();
    expect(await fieldError(page, 'Ora fine')).toEqual({ invalid: true, message: MSG.endBeforeStart });

    // Nothing was created while the form was refused.
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await modalClosed(page);
    await page.getByText('Nessuna attività in questa giornata.').waitFor();

    // The server holds the same rules when the form is bypassed.
    const bypass = await callServer(page, 'PUT', '/server/calendario/createattivita', {
      nome: 'Canto',
      stanza: 0,
      giorno: 3,
      data: WED,
      orainizio: '10:00',
      orafine: '11:00',
      trasporto: -1,
    });
    expect(bypass.status).toBe(400);
    expect(bypass.body).toMatchObject({ error: MSG.roomInvalid });
    const badStart = await callServer(page, 'PUT', '/server/calendario/createattivita', {
      nome: 'Canto',
      stanza: e2e.server.centre.rooms.palestra.id,
      giorno: 3,
      data: WED,
      orainizio: '25:00',
      orafine: '11:00',
      trasporto: -1,
    });
    expect(badStart.body).toMatchObject({ error: MSG.startInvalid });
    expectNoPageErrors(errors);
    await context.close();
  });

  test('Modifica Attività validates with the same messages', async () => {
    const { context, page, errors } = await adminPage(MON);
    await activity(page, 'Logopedia individuale', 'Logopedia', '10:30', '12:00')
      .getByRole('button', { name: 'Logopedia individuale', exact: true })
      .click();
    const dialog = modal(page, 'Modifica Attività');
    await dialog.waitFor();
    await dialog.getByLabel('Nome attività').fill('Lo');
    await dialog.getByLabel('Ora inizio').fill('');
    await dialog.getByLabel('Ora fine').fill('');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.getByText(MSG.activityNameInvalid, { exact: true }).waitFor();
    expect(await fieldError(page, 'Ora inizio')).toEqual({ invalid: true, message: MSG.startInvalid });
    expect(await fieldError(page, 'Ora fine')).toEqual({ invalid: true, message: MSG.endInvalid });
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await modalClosed(page);
    // Unchanged.
    await activity(page, 'Logopedia individuale', 'Logopedia', '10:30', '12:00').waitFor();
    expectNoPageErrors(errors);
    await context.close();
  });
});

describe('create, edit and delete', () => {
  test('an activity is created, edited and deleted, and each change survives a reload', async () => {
    const { context, page, errors, dialogs } = await adminPage(WED);
    await page.getByText('Nessuna attività in questa giornata.').waitFor();

    // Create.
    await createActivity(page, 'Musica insieme', 'Musicoterapia', '14:00', '15:00');
    const created = activity(page, 'Musica insieme', 'Musicoterapia', '14:00', '15:00');
    await created.waitFor();
    expect(await page.locator('.day-table tbody th').allInnerTexts()).toEqual(['14:00\n15:00']);
    await page.reload();
    await created.waitFor();

    // Edit: the form opens filled with the activity.
    await clearToasts(page);
    await created.getByRole('button', { name: 'Musica insieme', exact: true }).click();
    const edit = modal(page, 'Modifica Attività');
    await edit.waitFor();
    expect(await edit.getByLabel('Nome attività').inputValue()).toBe('Musica insieme');
    expect(await edit.getByLabel('Stanza').inputValue()).toBe(String(e2e.server.centre.rooms.musica.id));
    expect(await edit.getByLabel('Ora inizio').inputValue()).toBe('14:00');
    expect(await edit.getByLabel('Ora fine').inputValue()).toBe('15:00');
    expect(await edit.getByRole('button').allInnerTexts()).toEqual(expect.arrayContaining(['Elimina', 'Annulla', 'Salva']));
    await edit.getByLabel('Nome attività').fill('Musica e movimento');
    await edit.getByLabel('Stanza').selectOption({ label: 'Palestra' });
    await edit.getByLabel('Ora fine').fill('15:30');
    await edit.getByRole('button', { name: 'Salva' }).click();
    await waitForToast(page, MSG.saved);
    await modalClosed(page);
    const edited = activity(page, 'Musica e movimento', 'Palestra', '14:00', '15:30');
    await edited.waitFor();
    expect(await created.count()).toBe(0);
    await page.reload();
    await edited.waitFor();
    expect(await page.getByRole('group', { name: /^Musica insieme,/ }).count()).toBe(0);

    // Delete: answering Annulla to the confirmation keeps it.
    await clearToasts(page);
    await edited.getByRole('button', { name: 'Musica e movimento', exact: true }).click();
    const del = modal(page, 'Modifica Attività');
    await del.waitFor();
    dialogs.answer(false);
    await del.getByRole('button', { name: 'Elimina' }).click();
    expect(dialogs.seen).toEqual([{ type: 'confirm', message: MSG.confirmDeleteActivity, accepted: false }]);
    await del.waitFor();
    await edited.waitFor();
    // OK deletes it.
    await del.getByRole('button', { name: 'Elimina' }).click();
    await waitForToast(page, MSG.deleted);
    expect(dialogs.seen[1]).toEqual({ type: 'confirm', message: MSG.confirmDeleteActivity, accepted: true });
    await modalClosed(page);
    await edited.waitFor({ state: 'detached' });
    await page.getByText('Nessuna attività in questa giornata.').waitFor();
    await page.reload();
    await page.getByText('Nessuna attività in questa giornata.').waitFor();
    expect(await page.getByRole('group', { name: /^Musica e movimento,/ }).count()).toBe(0);
    expectNoPageErrors(errors);
    await context.close();
  });

  test('a transport activity: choosing a run hides name, room and times; it can only be deleted, and created again', async () => {
    const { context, page, errors, dialogs } = await adminPage(MON);
    const transport = activity(page, 'Andata Nord', 'Attività esterne', '08:00', '09:00');
    await transport.waitFor();
    expect(await transport.textContent()).toContain('Anna Neri');
    expect(await transport.textContent()).toContain('laura.fontana');
    expect(await transport.textContent()).toContain('Pulmino bianco');

    // Modifica Attività of a transport: Elimina and Annulla only.
    await transport.getByRole('button', { name: 'Andata Nord' }).click();
    const edit = modal(page, 'Modifica Attività');
    await edit.waitFor();
    expect(await edit.getByRole('button', { name: 'Salva' }).count()).toBe(0);
    expect(await edit.getByLabel('Nome attività').count()).toBe(0);
    await edit.getByRole('button', { name: 'Annulla' }).waitFor();
    await edit.getByRole('button', { name: 'Elimina' }).click();
    await waitForToast(page, MSG.deleted);
    expect(dialogs.seen).toEqual([{ type: 'confirm', message: MSG.confirmDeleteActivity, accepted: true }]);
    await modalClosed(page);
    // The run itself stays on the calendar (decision 0007): its route now leads to Anagrafiche → Uscite.
    await transport.getByRole('link', { name: 'Andata Nord' }).waitFor();
    expect(await transport.getByRole('button', { name: 'Andata Nord' }).count()).toBe(0);

    // Crea Attività with the run chosen: the fields go, the activity becomes TRASPORTO at the run's times.
    const create = await openCreate(page);
    await create.getByLabel('Trasporto').selectOption({ label: 'Andata Nord (08:00–09:00, Pulmino bianco)' });
    for (const label of ['Nome attività', 'Stanza', 'Ora inizio', 'Ora fine'])
      expect(await create.getByLabel(label).count(), label).toBe(0);
    await create.getByText('TRASPORTO', { exact: true }).waitFor();
    // Back to "Nessuno": the fields return.
    await create.getByLabel('Trasporto').selectOption({ label: 'Nessuno (attività in stanza)' });
    await create.getByLabel('Nome attività').waitFor();
    await create.getByLabel('Trasporto').selectOption({ label: 'Andata Nord (08:00–09:00, Pulmino bianco)' });
    await create.getByRole('button', { name: 'Crea' }).click();
    await waitForToastStartingWith(page, 'Attività creata: ');
    await modalClosed(page);
    // Placed again: one card, whose route opens Modifica Attività once more.
    await transport.getByRole('button', { name: 'Andata Nord' }).waitFor();
    expect(await page.getByRole('group', { name: /Attività esterne/ }).count()).toBe(1);
    expect(await transport.textContent()).toContain('Anna Neri');
    // Transport cells have no [+] buttons (decision 0003).
    expect(await transport.getByRole('button', { name: /Aggiungi/ }).count()).toBe(0);
    expectNoPageErrors(errors);
    await context.close();
  });

  test('a name that looks like HTML is shown as text and runs nothing', async () => {
    const { context, page, errors, dialogs } = await adminPage(FRI);
    const name = '<img src=x onerror=alert(1)>';
    await createActivity(page, name, 'Logopedia', '09:00', '10:00');
    const card = activity(page, name, 'Logopedia', '09:00', '10:00');
    await card.waitFor();
    expect(await card.getByRole('button', { name, exact: true }).innerText()).toBe(name);
    expect(await page.locator('main img').count()).toBe(0);
    // Reloaded from the server, still text.
    await page.reload();
    await card.waitFor();
    expect(await page.locator('main img').count()).toBe(0);
    // Its edit form too.
    await card.getByRole('button', { name, exact: true }).click();
    const edit = modal(page, 'Modifica Attività');
    await edit.waitFor();
    expect(await edit.getByLabel('Nome attività').inputValue()).toBe(name);
    await edit.getByRole('button', { name: 'Annulla' }).click();
    await modalClosed(page);
    expect(dialogs.seen).toEqual([]);
    expectNoPageErrors(errors);
    await context.close();
  });
});
