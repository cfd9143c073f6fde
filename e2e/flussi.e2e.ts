/**
 * Rendicontazione (docs/product.md, Schermate → Rendicontazione; issue 32): an administrator fills the centre's codes in
 * Anagrafiche → Centro, sees what the check lists for November (Mario Rossi's codice fiscale, a day without roll call),
 * fills Mario's data in his form, then downloads the ASL's CSV and PDF (pdftotext shows the names and the days), SIAR's
 * XML and SISM's PSS CSV; axe finds nothing serious, laptop and phone; a consultazione account has no link. Today is
 * fixed on Wednesday 25 November 2026; the roll call of Monday 23 is seeded.
 */
import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import type { Download, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { patients, rollCall } from '../server/db/schema.ts';
import { describeViolations, seriousViolations } from './axe.ts';
import { MON, WED } from './dates.ts';
import { E2E_ADMIN, E2E_VIEWER, seedE2eCentre } from './fixtures.ts';
import { adminPage, DOWNLOADS, fixToday, newPage, serverAndBrowser, VIEWPORTS } from './harness.ts';
import { expectNoPageErrors, modal, modalClosed, signIn, waitForToast } from './helpers.ts';

fixToday(WED);

const ID_REGIONALE = (c: string) => `${c.repeat(43)}=${'x'.repeat(43)}=`;

const e2e = serverAndBrowser(async (db) => {
  const centre = await seedE2eCentre(db);
  const { mario, lucia, anna } = centre.patients;
  // Lucia and Anna have their data already; Mario has none.
  await db
    .update(patients)
    .set({ codiceFiscale: 'RSSMRA8RT10A562E', aslResidenza: '201', idRegionale: ID_REGIONALE('L'), idContatto: '11' })
    .where(eq(patients.id, lucia.id));
  await db
    .update(patients)
    .set({ codiceFiscale: '12345678903', aslResidenza: '305', idRegionale: ID_REGIONALE('A'), idContatto: '12' })
    .where(eq(patients.id, anna.id));
  // Monday's roll call: Mario and Lucia (Ginnastica dolce) and Anna (the andata) present; Giorgio (Logopedia) unmarked.
  await db.insert(rollCall).values([mario, lucia, anna].map((p) => ({ day: MON, patientId: p.id, present: true })));
  return centre;
});

async function save(download: Download): Promise<string> {
  fs.mkdirSync(DOWNLOADS, { recursive: true });
  const file = path.join(DOWNLOADS, download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

async function downloadBy(page: Page, button: string): Promise<{ name: string; file: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: download.suggestedFilename(), file: await save(download) };
}

async function expectAxeClean(page: Page, what: string) {
  const violations = await seriousViolations(page);
  expect(violations, `${what}\n${describeViolations(violations)}`).toEqual([]);
}

async function openNovember(page: Page, flusso?: string) {
  await page.goto(`${e2e.server.url}/rendicontazione`);
  await page.getByRole('heading', { level: 1, name: 'Rendicontazione' }).waitFor();
  if (flusso) await page.getByLabel('Flusso').selectOption({ label: flusso });
  else await page.getByLabel('Mese').fill('2026-11');
  await page.getByRole('heading', { name: 'Controllo' }).waitFor();
}

describe('rendicontazione', () => {
  test('the centre’s codes, the check’s list, a utente’s data, then the ASL’s CSV and PDF, SIAR’s XML and PSS’s CSV', async () => {
    const { context, page, errors } = await adminPage(e2e, MON);

    // The centre's codes in Anagrafiche → Centro.
    await page.goto(`${e2e.server.url}/anagrafiche?scheda=centro`);
    await page.getByLabel('Regione').selectOption({ label: '030 – Lombardia' });
    await page.getByLabel('ASL del centro').fill('201');
    await page.getByLabel('Codice struttura').fill('abc123');
    await page.getByLabel('Codice DSM (SISM)').fill('D22');
    await page.getByLabel('Tipo di struttura semiresidenziale (SISM)').selectOption('2');
    await page.getByRole('button', { name: 'Salva' }).click();
    await waitForToast(page, 'Impostazioni salvate');

    // The check for November: Mario's codice fiscale and ASL are missing, Monday has an activity without roll call.
    await page.getByRole('link', { name: 'Rendicontazione' }).click();
    await openNovember(page);
    await page.getByText('Mancano: codice fiscale di 1 utente:').waitFor();
    await page.getByRole('link', { name: 'Mario Rossi' }).first().waitFor();
    const dayLink = page.getByRole('link', { name: '23/11/2026' });
    expect(await dayLink.getAttribute('href')).toBe(`/presenze?scheda=appello&data=${MON}`);
    expect(await page.getByRole('button', { name: 'Scarica CSV' }).isDisabled()).toBe(true);
    await expectAxeClean(page, 'Rendicontazione, controllo');

    // Mario's data, in his form.
    await page.goto(`${e2e.server.url}/anagrafiche?scheda=pazienti`);
    await page.getByRole('button', { name: 'Modifica Mario Rossi' }).click();
    const form = modal(page, 'Modifica paziente');
    await form.getByLabel('Codice fiscale').fill('rssmra85t10a562t');
    await form.getByRole('button', { name: 'Salva' }).click();
    await waitForToast(
      page,
      'Codice fiscale non valido: 16 caratteri con il carattere di controllo giusto, oppure il codice provvisorio di 11 cifre',
    );
    await form.getByLabel('Codice fiscale').fill('rssmra85t10a562s');
    await form.getByLabel('ASL di residenza').fill('201');
    await form.getByLabel('Identificativo regionale (SISM)').fill(ID_REGIONALE('M'));
    await form.getByLabel('Identificativo del contatto DSM (SISM)').fill('10');
    await expectAxeClean(page, 'Modifica paziente con i dati per la rendicontazione');
    await form.getByRole('button', { name: 'Salva' }).click();
    await modalClosed(page);

    // Ready: the ASL's CSV from the server, the PDF made here.
    await openNovember(page);
    await page.getByText('Tutto pronto: puoi scaricare i file').waitFor();
    await page.getByRole('table').first().getByText('RSSMRA85T10A562S').waitFor();
    const csv = await downloadBy(page, 'Scarica CSV');
    expect(csv.name).toBe('rendiconto-asl_2026-11.csv');
    const csvText = fs.readFileSync(csv.file, 'utf8');
    expect(csvText.startsWith('\uFEFFASL;Utente;')).toBe(true);
    expect(csvText).toContain('201;Mario Rossi;RSSMRA85T10A562S;1;');
    expect(csvText).toContain('23/11/2026');
    const pdf = await downloadBy(page, 'Scarica PDF');
    expect(pdf.name).toBe('rendiconto-asl_2026-11.pdf');
    const text = execFileSync('pdftotext', [pdf.file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const expected of [
      'Rendiconto presenze',
      'ASL 201',
      'ASL 305',
      'Mario Rossi',
      'Lucia Bianchi',
      'Anna Neri',
      '23/11/2026',
      'Il coordinatore del centro',
    ])
      expect(text, expected).toContain(expected);
    await expectAxeClean(page, 'Rendicontazione ASL, pronta');

    // SIAR: the year's hours per category (the operatori have no profile yet: a warning, not a stop).
    await openNovember(page, 'SIAR – ore annuali dei professionisti');
    await page.getByText('Operatori senza profilo professionale').waitFor();
    const siar = await downloadBy(page, 'Scarica XML');
    expect(siar.name).toBe('SDK_SIAR_OREPROF_2026.xml');
    const xml = fs.readFileSync(siar.file, 'utf8');
    expect(xml).toContain('<FlsSiar_3 xmlns="http://flussi.mds.it/FlsSiar_3">');
    expect(xml).toContain('<StrutturaErogatrice>ABC123</StrutturaErogatrice>');

    // SISM: the semester's rows, one per utente per day of attendance.
    await openNovember(page, 'SISM – prestazioni semiresidenziali');
    await page.getByText('Tutto pronto: puoi scaricare i file').waitFor();
    const pss = await downloadBy(page, 'Scarica CSV');
    expect(pss.name).toBe('SDK_RES_PSS_S2_2026.csv');
    const lines = fs.readFileSync(pss.file, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('ANN_RIF~COD_PER~COD_REG~COD_ASR_RFR~COD_DSM~ID_REC_KEY~COD_STR~ID_CNT~TIP_STR_SEM_RES~DAT_ITV~MDL_PZA~TIP_TRS');
    expect(lines).toHaveLength(4);
    expect(lines).toContain(`2026~S2~030~201~D22~${ID_REGIONALE('M')}~ABC123~10~2~${MON}~1~I`);

    expectNoPageErrors(errors);
    await context.close();
  });

  test('on a phone nothing serious for axe; a consultazione account has no link and is sent to the calendar', async () => {
    const phone = await newPage(e2e.browser, VIEWPORTS.phone);
    await signIn(phone.page, e2e.server.url, E2E_ADMIN);
    await openNovember(phone.page);
    await expectAxeClean(phone.page, 'Rendicontazione, 390 px');
    await phone.context.close();

    const viewer = await newPage(e2e.browser);
    await signIn(viewer.page, e2e.server.url, E2E_VIEWER);
    expect(await viewer.page.getByRole('link', { name: 'Rendicontazione' }).count()).toBe(0);
    await viewer.page.goto(`${e2e.server.url}/rendicontazione`);
    await viewer.page.waitForURL(/\/calendario/);
    await viewer.context.close();
  });
});
