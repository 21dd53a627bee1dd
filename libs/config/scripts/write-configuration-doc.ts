import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderConfigurationDoc } from '../src';

/** `npm run docs:config`: rewrites docs/configuration.md from the variables' declaration. */
writeFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'configuration.md'), renderConfigurationDoc());
