/**
 * How an editor words and files a fix, the same in every editor: the name it goes by
 * (`fixLabel`: a typo's correction as the question it is, `Did you mean "City"?`; any
 * other fix that is not safe warns that it changes the meaning) and, for LSP clients, its
 * CodeActionKind (`fixActionKind`: a fix that writes a different query is a
 * `refactor.rewrite`; a typo or syntax correction is a `quickfix`).
 */
import type { Fix, FixKind } from '../language/diagnostic.js';

/** LSP's CodeActionKind of a fix. */
export type FixActionKind = 'quickfix' | 'refactor.rewrite';

const ACTION_KINDS: { readonly [K in FixKind]: FixActionKind } = {
  typo: 'quickfix',
  syntax: 'quickfix',
  rewrite: 'refactor.rewrite',
};

/** The CodeActionKind a fix of this kind is offered as. */
export function fixActionKind(fix: Pick<Fix, 'kind'>): FixActionKind {
  return ACTION_KINDS[fix.kind] ?? 'quickfix';
}

/**
 * The name a fix goes by in an editor: its title; for a typo's correction the question
 * "Did you mean ...?" when the title names what is meant (`Use "City"`); for any other fix
 * that is not safe, a warning that it changes the meaning.
 */
export function fixLabel(fix: Fix): string {
  if (fix.kind === 'typo') {
    const meant = /^(?:Use|Replace with) (.+)$/.exec(fix.title);
    return meant === null ? fix.title : `Did you mean ${meant[1]}?`;
  }
  return fix.safe === true ? fix.title : `${fix.title} (changes meaning)`;
}

/** True when an editor marks the fix as one that changes the query's meaning. */
export function warnsOfMeaning(fix: Fix): boolean {
  return fix.safe !== true && fix.kind !== 'typo';
}
