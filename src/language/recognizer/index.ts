/**
 * What parser.ts builds its parser on: mdq's recognizer (recognizer.ts), in the shape of the
 * part of chevrotain it uses, so that the tests and scripts/recognizer can build the same
 * grammar on chevrotain itself, the reference.
 */
import type * as chevrotain from 'chevrotain';
import { EmbeddedActionsParser, tokenMatcher } from './recognizer.js';

export interface ParserRuntime {
  EmbeddedActionsParser: typeof chevrotain.EmbeddedActionsParser;
  tokenMatcher: typeof chevrotain.tokenMatcher;
}

export const recognizer = { EmbeddedActionsParser, tokenMatcher } as unknown as ParserRuntime;
