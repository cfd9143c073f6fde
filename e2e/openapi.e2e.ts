/**
 * The API described, end to end: an administrator opens the interactive reference at /server/docs
 * (Swagger UI served from the package, under the app's own Content Security Policy) and reads the
 * calls there; a consultazione account is refused. docs/decisions/0050-openapi-document.md.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../common/errors.ts';
import { MSG } from '../common/messages.ts';
import { E2E_ADMIN, E2E_VIEWER } from './fixtures.ts';
import { signIn } from './helpers.ts';
import { newPage, serverAndBrowser } from './harness.ts';

const e2e = serverAndBrowser();

/** Every Content Security Policy violation the page reports, from its first script on. */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportViolation: (t: string) => void }).reportViolation(
        `${e.violatedDirective} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

describe('the interactive reference of the API', () => {
  it('an administrator opens /server/docs and reads the calls, with no Content Security Policy violation', async () => {
    const { page, context, errors } = await newPage(e2e.browser);
    const violations = await recordViolations(page);
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(e2e.server.url) && !request.url().startsWith('data:')) outside.push(request.url());
    });
    await signIn(page, e2e.server.url, E2E_ADMIN);
    // From the reference's page on (the web app's own pages are not this test's).
    violations.length = 0;

    const answer = await page.goto(`${e2e.server.url}/server/docs`);
    expect(answer?.status()).toBe(200);
    // The document's title and a known call of the calendar, with its method.
    await page
      .getByRole('heading', { name: /Giornata/ })
      .first()
      .waitFor();
    // The calls are grouped by feature; the filter shows the calendar's.
    await page.getByPlaceholder('Filter by tag').fill('calendario');
    const call = page.locator('.opblock-summary-path[data-path="/server/calendario/get"]');
    await call.waitFor();
    expect(await call.isVisible()).toBe(true);
    const operation = page.locator('.opblock', { has: call });
    expect((await operation.locator('.opblock-summary-method').textContent())?.trim()).toBe('POST');
    // Opening it shows its request body's fields, from the route's own schema.
    await call.click();
    const requestBody = operation.locator('.opblock-section-request-body');
    await requestBody
      .getByText(/"data"/)
      .first()
      .waitFor();
    // Try it out with the example body: past the CSRF check (the reference sends the header), refused by the day's rule.
    await operation.getByRole('button', { name: 'Try it out' }).click();
    await operation.getByRole('button', { name: 'Execute' }).click();
    const status = operation.locator('.live-responses-table tr.response .response-col_status').first();
    await status.waitFor();
    // (Swagger UI calls a status "Undocumented" unless listed one by one: the document lists 4XX as a range.)
    expect((await status.textContent())?.trim()).toMatch(/^400\b/);
    expect(await operation.locator('.live-responses-table').textContent()).toContain(ERROR_CODES.invalidInput);

    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await context.close();
  });

  it('a consultazione account is refused the reference, but may read the document', async () => {
    const { page, context } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, E2E_VIEWER);
    const answer = await page.goto(`${e2e.server.url}/server/docs`);
    expect(answer?.status()).toBe(403);
    expect(await answer?.json()).toEqual({ error: MSG.adminOnly, code: ERROR_CODES.adminOnly });
    expect(await page.locator('#swagger-ui').count()).toBe(0);

    const document = await page.goto(`${e2e.server.url}/server/openapi.json`);
    expect(document?.status()).toBe(200);
    expect(Object.keys(((await document?.json()) as { paths: object }).paths)).toContain('/server/calendario/get');
    await context.close();
  });
});
