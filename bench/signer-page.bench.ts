import type { Page } from 'playwright-core';
import { startChromium } from '../apps/signet/test/browser/chromium';
import { contractPdf } from '../libs/testkit/src';
import { percentile } from './measure';
import { BENCH_KEY, startBenchSignet } from './signet-for-bench';

const RUNS = 3;
const PAGE_COUNTS = [1, 50];

type Data = Record<string, unknown>;

/** Milliseconds from the start of navigation to a performance mark the signer page sets. */
const markAt = (page: Page, name: string): Promise<number> =>
  page.evaluate(`performance.getEntriesByName(${JSON.stringify(name)})[0]?.startTime ?? -1`) as Promise<number>;

/**
 * The signer page in Debian's headless Chromium at 1280x800: time from navigation to the first page of
 * the document visible, and to every page drawn, for a 1-page and a 50-page contract. Baseline: the same
 * navigation to a page with no document (an unknown link), to its first contentful paint.
 */
export async function benchSignerPage() {
  const links: string[] = [];
  const { url, close } = await startBenchSignet({}, [{
    groupId: 'bench-signer-page-links', topics: ['recipient.link_generated'],
    handle: async (event) => { links.push(String((event.event.data as Data).signing_url)); }
  }]);
  const browser = await startChromium();
  try {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    const paints: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      await page.goto(`${url}/sign/not-a-link-${run}`);
      paints.push(await page.evaluate('performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1') as number);
    }
    const results: Data = { baseline_plain_page_first_paint_ms: percentile(paints, 50) };
    for (const pages of PAGE_COUNTS) {
      const first: number[] = [];
      const all: number[] = [];
      let errors = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const form = new FormData();
        form.append('documents[0][base64]', (await contractPdf({ pages })).toString('base64'));
        form.append('recipients[0][email]', `signer${pages}-${run}@example.com`);
        form.append('recipients[0][name]', 'Bench Signer');
        const created = await fetch(`${url}/api/v1/envelopes`, { method: 'POST', headers: { authorization: BENCH_KEY }, body: form });
        const id = String(((await created.json()) as { envelope: Data }).envelope.id);
        const before = links.length;
        const sent = await fetch(`${url}/api/v1/envelopes/${id}/send_invitation`, { method: 'POST', headers: { authorization: BENCH_KEY } });
        for (let tries = 0; sent.status === 200 && links.length === before && tries <= 600; tries += 1) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        // No link within 60 s (or a send refused) is an error of this run, not the end of the benchmark.
        if (links.length === before) {
          errors += 1;
          continue;
        }
        await page.goto(links[links.length - 1] as string);
        await page.locator('#documents[data-first-page="true"]').waitFor({ timeout: 120_000 });
        first.push(await markAt(page, 'signet:first-page'));
        await page.locator('#documents[data-rendered="true"]').waitFor({ timeout: 300_000 });
        all.push(await markAt(page, 'signet:all-pages'));
      }
      results[`pages_${pages}`] = { first_page_visible_ms_p50: percentile(first, 50), all_pages_drawn_ms_p50: percentile(all, 50), runs: RUNS, errors };
    }
    return results;
  } finally {
    await browser.close();
    await close();
  }
}
