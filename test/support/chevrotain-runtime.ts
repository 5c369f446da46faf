/**
 * chevrotain itself as the runtime of the grammar (src/language/parser.ts's `createQueryParser(validate,
 * runtime)`): the reference mdq's recognizer (src/language/recognizer) is held to, and what
 * records the grammar (its analysis, validations and railroad diagrams).
 */
import { EmbeddedActionsParser, tokenMatcher } from 'chevrotain';
import type { ParserRuntime } from '../../src/language/recognizer/index.js';

export const chevrotainRuntime: ParserRuntime = { EmbeddedActionsParser, tokenMatcher };
