/**
 * Debian's headless Chromium as the end-to-end tests and the benchmarks drive it (playwright-core, no browser
 * download): CHROMIUM_PATH overrides where it is. Without the GPU, QUIC and the background work of a first run
 * (updates, sync, networking), which only add noise to a test or a measure.
 */
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
