import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApiDocument } from '../src/docs/openapi-document';

/** `npm run docs:openapi`: rewrites docs/openapi.json from the route tables and libs/contracts. */
const file = path.join(__dirname, '..', '..', '..', 'docs', 'openapi.json');
writeFileSync(file, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
console.log(`wrote ${path.relative(process.cwd(), file)}`);
