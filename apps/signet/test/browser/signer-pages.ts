import type { Page } from 'playwright-core';
import { type SmtpSink, startSmtpSink } from '@signet/testkit';
import { startChromium, type TestBrowser } from './chromium';
import { watchAnswers, watchProblems } from './page-checks';
import { startTestSignet, type TestSignet } from '../harness';

export const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

export type PageLanguage = 'EN' | 'ES';
export type PageSize = keyof typeof SIZES;
export type SignerPageCase = readonly [PageLanguage, PageSize];

/** What every signer page test of a file shares; set in beforeAll. */
export interface SignerPages {
  api: TestSignet;
  smtp: SmtpSink;
  browser: TestBrowser;
}

/**
 * One Signet (mailing to an SMTP sink) and one Chromium for all the signer page tests of a file: each
 * flow makes envelopes of its own, so none needs a fresh Signet, and starting one costs seconds.
 */
export function sharedSignerPages(): SignerPages {
  const shared = {} as SignerPages;
  beforeAll(async () => {
    shared.smtp = await startSmtpSink();
    [shared.api, shared.browser] = await Promise.all([startTestSignet({ SMTP_URL: shared.smtp.url }), startChromium()]);
  }, 240_000);
  afterAll(async () => {
    await shared.browser?.close();
    await shared.api?.close();
    await shared.smtp?.stop();
  });
  return shared;
}

/** The page one case's flows share, and what it has seen go wrong during the current test. */
export interface CasePage {
  page: Page;
  /** Console errors, uncaught exceptions and failed responses. */
  problems: string[];
  /** Answers that docs/openapi.json does not describe: checked after every test. */
  answerProblems: string[];
}

/** One page at `size`, opened in beforeAll and reused by every flow of the case. */
export function casePage(shared: SignerPages, size: PageSize): CasePage {
  const tab = { problems: [], answerProblems: [] } as unknown as CasePage;
  beforeAll(async () => {
    tab.page = await shared.browser.context.newPage();
    await tab.page.setViewportSize(SIZES[size]);
    // A busy machine draws slowly: waits are generous, the flows' steps still happen in order.
    tab.page.setDefaultTimeout(90_000);
    watchProblems(tab.page, tab.problems);
    watchAnswers(tab.page, tab.answerProblems);
  });
  beforeEach(() => {
    tab.problems.length = 0;
    tab.answerProblems.length = 0;
  });
  // Whatever else a flow checks, every answer the page got must be one the OpenAPI document describes.
  afterEach(() => {
    expect(tab.answerProblems).toEqual([]);
  });
  afterAll(() => tab.page?.close());
  return tab;
}
