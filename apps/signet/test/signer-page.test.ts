import { signerPageSuite } from './browser/signer-page-suite';

// Every path of the signer page in English on a desktop and in Spanish on a phone (the other two cases: signer-page-sizes.test.ts).
signerPageSuite([['EN', 'desktop'], ['ES', 'phone']]);
