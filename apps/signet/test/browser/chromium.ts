import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** The machines' closed network refuses Chromium's background connections; these flags stop it making them. */
const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'
];

export interface TestBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Debian's Chromium (installed by infra/browser/ensure-chromium.sh when missing) driven by playwright-core,
 * which never downloads a browser, in a fresh profile that is deleted afterwards. `args` adds flags (the
 * identity test's fake camera).
 */
export async function startChromium(options: { args?: string[] } = {}): Promise<TestBrowser> {
  execFileSync(path.join(__dirname, '..', '..', '..', '..', 'infra', 'browser', 'ensure-chromium.sh'), { stdio: 'inherit' });
  const profile = mkdtempSync(path.join(tmpdir(), 'signet-chromium-'));
  // Playwright takes the profile directory itself (it refuses --user-data-dir among the arguments).
  const context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', headless: true, args: [...FLAGS, ...(options.args ?? [])] });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  };
}
