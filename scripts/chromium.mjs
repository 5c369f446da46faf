/**
 * Debian's Chromium (`apt-get install chromium`), never a downloaded one, driven by
 * playwright-core: one launch for the browser tests, the editor benchmark and the
 * playground's screenshot.
 */
import { chromium } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

export function launchChromium() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
}
