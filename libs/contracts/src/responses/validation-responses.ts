import { Type, type Static } from '@sinclair/typebox';
import { DateTime } from '../schema-helpers';
import { Answer } from './common-responses';

/** send_code: the code is on its way and valid until `expires_at`. */
export const CodeSentResponse = Answer({ success: Type.Literal(true), expires_at: DateTime() });
export type CodeSentResponse = Static<typeof CodeSentResponse>;

/** verify_code: the recipient may go on. */
export const CodeVerifiedResponse = Answer({ success: Type.Literal(true), verified_at: DateTime() });
export type CodeVerifiedResponse = Static<typeof CodeVerifiedResponse>;
