import path from 'node:path';
import { checkInternalCalls } from '../src/internal-calls';

/** `npm run lint`: internal calls go one way, as dependency-cruiser keeps imports from going round. */
const { problems } = checkInternalCalls(path.resolve(__dirname, '../../..'));
for (const problem of problems) console.error(`internal calls: ${problem}`);
if (problems.length > 0) process.exit(1);
console.log('✔ internal calls go one way (services/*/package.json signet.internalCalls)');
