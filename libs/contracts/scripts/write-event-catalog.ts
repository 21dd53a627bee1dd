import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderEventCatalog } from '../src';

/** `npm run docs:events`: rewrites docs/events.md from the schemas. */
writeFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'events.md'), renderEventCatalog());
