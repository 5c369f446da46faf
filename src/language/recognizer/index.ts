/** mdq's recognizer, in the shape of what parser.ts uses of chevrotain (chevrotain.ts). */
import type { Chevrotain } from '../chevrotain.js';
import { EmbeddedActionsParser, tokenMatcher } from './recognizer.js';

export const recognizer = { EmbeddedActionsParser, tokenMatcher } as unknown as Chevrotain;
