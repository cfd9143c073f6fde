/**
 * HTTPS without a proxy: the server started with a self-signed certificate made by `openssl` here
 * (TLS_CERT, TLS_KEY), and Chromium signing in over HTTPS, HTTP/2, with Secure `__Host-` cookies;
 * a write works (the web app reads the CSRF cookie by its `__Host-` name), and the password
 * dictionaries arrive only when a password form opens, never with the calendar's first visit.
 */
import fs from 'node:fs';
import type { Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { selfSignedCertificate, type Certificate } from '../server/test/self-signed.ts';
import { MON } from './dates.ts';
import { E2E_ADMIN, seedE2eCentre } from './fixtures.ts';
import { E2E_DB_KIND, launchBrowser, startServer, type RunningServer } from './harness.ts';
import { MSG } from '../common/messages.ts';
import { PASSWORD_MSG } from '../common/passwords.ts';
import { activity, dayLoaded, recordDialogs, recordToasts, signIn, waitForToastStartingWith } from './helpers.ts';
import type { Browser } from 'playwright-core';

describe('HTTPS without a proxy', () => {
  let certificate: Certificate;
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    certificate = selfSignedCertificate();
    server = await startServer(E2E_DB_KIND, seedE2eCentre, { TLS_CERT: certificate.certFile, TLS_KEY: certificate.keyFile });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (certificate) fs.rmSync(certificate.dir, { recursive: true, force: true });
  });

  test('signs in over HTTPS and HTTP/2 with Secure __Host- cookies, writes, and loads the password rule only on demand', async () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const context = await browser.newContext({ ignoreHTTPSErrors: true, locale: 'it-IT', timezoneId: 'Europe/Rome' });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(response);
    });

    await recordToasts(page);
    recordDialogs(page); // Svuota Giornata asks for confirmation: accept it
    await signIn(page, server.url, E2E_ADMIN, MON);
    const protocol = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
    );
    expect(protocol).toBe('h2');
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);

    const cookies = await context.cookies();
    const byName = new Map(cookies.map((c) => [c.name, c]));
    expect([...byName.keys()].sort()).toEqual(['__Host-XSRF-TOKEN', '__Host-giornata_sid', '__Secure-giornata_device']);
    expect(byName.get('__Host-giornata_sid')).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(byName.get('__Host-XSRF-TOKEN')).toMatchObject({ secure: true, httpOnly: false, path: '/' });
    expect(byName.get('__Secure-giornata_device')).toMatchObject({ secure: true, httpOnly: true, path: '/server/user/login' });
    const hsts = await page.evaluate(async () => (await fetch('/server/health')).headers.get('strict-transport-security'));
    expect(hsts).toBe('max-age=31536000; includeSubDomains');

    // A write: the X-XSRF-TOKEN the web app echoes comes from the __Host- cookie.
    const ginnastica = activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30');
    await ginnastica.waitFor();
    await page.getByRole('button', { name: 'Svuota Giornata' }).click();
    await waitForToastStartingWith(page, MSG.dayEmptiedOk);
    await dayLoaded(page);
    await ginnastica.waitFor({ state: 'detached' });

    // The first visit fetched no password dictionary: they come with the password form (over a megabyte of them).
    const firstVisit = new Set(scripts.map((r) => r.url()));
    await page.getByRole('button', { name: 'Cambia password' }).click();
    await page.getByLabel('Password attuale').fill(E2E_ADMIN.password);
    await page.getByLabel('Nuova password', { exact: true }).fill('password1234');
    await page.getByLabel('Ripeti la nuova password').fill('password1234');
    await page.getByRole('dialog').getByRole('button', { name: 'Cambia password' }).click();
    await page.getByText(PASSWORD_MSG.tooCommon).waitFor();
    const later = scripts.filter((r) => !firstVisit.has(r.url()));
    let laterBytes = 0;
    for (const response of later) laterBytes += (await response.body()).length;
    expect(later.length).toBeGreaterThanOrEqual(1);
    expect(laterBytes).toBeGreaterThan(1_000_000);
    expect(errors).toEqual([]);
    await context.close();
  });
});
