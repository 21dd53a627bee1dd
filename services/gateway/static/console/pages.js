// Every section of the console and the page that shows it (a section's sub-pages are its own to route).

import { showBatches } from './batches-page.js';
import { showBuilder } from './builder-page.js';
import { showEnvelope } from './envelope-page.js';
import { showEnvelopes } from './envelopes-page.js';
import { showKeys } from './keys-page.js';
import { showSettings } from './settings-page.js';
import { showTemplates } from './templates-page.js';
import { showWebhooks } from './webhooks-page.js';

export const PAGES = {
  envelopes: (context, route) => (route.segments[1] ? showEnvelope(context, route) : showEnvelopes(context, route)),
  templates: showTemplates,
  batches: showBatches,
  webhooks: showWebhooks,
  keys: showKeys,
  settings: showSettings,
  builder: showBuilder
};
