import { signerPageSuite } from './browser/signer-page-suite';

// Every path of the signer page in Spanish on a desktop and in English on a phone (the other two cases: signer-page.test.ts).
signerPageSuite([['ES', 'desktop'], ['EN', 'phone']]);
