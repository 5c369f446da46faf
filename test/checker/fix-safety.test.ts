/**
 * Issue 9, items 11 and 12: fixes keep the meaning and never add an error, and each
 * says whether it is safe; `fixQuery` applies only safe ones unless asked for all.
 */
import { describe, expect, it } from 'vitest';
import { check } from '../../src/checker/check.js';
import { fixQuery } from '../../src/checker/fix-query.js';
import { applyEdits } from '../../src/language/diagnostic.js';
import { schema } from './helpers.js';

/** Every fix of every diagnostic, as `code: title => text after`. */
const fixesOf = (query: string) =>
  check(query, { schema }).flatMap((d) =>
    (d.fixes ?? []).map(
      (f) => `${d.code}: ${f.title}${f.safe ? ' (safe)' : ''} => ${applyEdits(query, f.edits)}`,
    ),
  );

describe('the counterexamples of issue 9', () => {
  it.each([
    [
      'Website:https://example.com',
      [
        `unexpected-token: Quote the value (safe) => Website:"https://example.com"`,
        "unexpected-token: Remove ':' => Website:https//example.com",
      ],
    ],
    ['"p" b"p"c', ['duplicate-clause: Remove the repeated clause (safe) => "p" b c']],
    ['f:[a\\ b]', []],
    ['a~~', ["misplaced-fuzzy: Remove '~' => a~", "misplaced-fuzzy: Escape '~' => a~ \\~"]],
    ['a~}', ["unexpected-token: Escape '}' => a~ \\}", "unexpected-token: Remove '}' => a~"]],
    ['[Age] ge eighteen', []],
    [
      '[Loyalty Score] gt 0,5',
      [
        'unquoted-value: Replace with 0.5 (safe) => [Loyalty Score] gt 0.5',
        'invalid-number: Replace with 0.5 (safe) => [Loyalty Score] gt 0.5',
      ],
    ],
    [
      '[Status] eq Active',
      [
        'unquoted-value: Replace with ACT (safe) => [Status] eq "ACT"',
        'picklist-description: Replace with ACT (safe) => [Status] eq "ACT"',
      ],
    ],
    ['x OR NOT', ['missing-operand: Remove the dangling operators => x ']],
    // SQL's quotes on a comparison value: the string meant; the quote marks kept would only be searched.
    ["[City] eq 'Berlin'", ['unquoted-value: Write "Berlin" (safe) => [City] eq "Berlin"']],
    [
      "[Age] ge '18'",
      ['unquoted-value: Write 18 => [Age] ge 18', 'unquoted-value: Write "18" => [Age] ge "18"'],
    ],
    // The checker judges the value meant: a picklist's description becomes its code.
    [
      "[Status] eq 'Active'",
      [
        'unquoted-value: Replace with ACT (safe) => [Status] eq "ACT"',
        'picklist-description: Replace with ACT (safe) => [Status] eq "ACT"',
      ],
    ],
  ])('%s', (query, expected) => {
    expect(fixesOf(query).filter((f) => !f.startsWith('unknown-field'))).toEqual(expected);
  });

  it('fixQuery inserts TO once, and not across an escaped space', () => {
    expect(fixQuery('f:[a b]').text).toBe('f:[a TO b]');
    expect(fixQuery('f:[a\\ b]').text).toBe('f:[a\\ b]');
  });

  it('suggests for an unknown name only fields that can hold its value', () => {
    const [d] = check('Name:Doe', { schema });
    expect(d!.fixes!.map((f) => f.title)).toEqual([
      'Use "First Name"',
      'Use "Last Name"',
      'Use "Product Name"',
      'Use "Supplier Name"',
    ]);
    expect(d!.message).toContain(
      'did you mean "First Name", "Last Name", "Product Name" or "Supplier Name"?',
    );
    const [typo] = check('[Agee] eq "Doe"', { schema });
    expect(typo!.fixes ?? []).toEqual([]);
  });
});

describe('fixQuery applies safe fixes unless asked for all', () => {
  it.each([
    // query, safe fixes only, all fixes
    ['Last Name:van Dijk', 'Last Name:van Dijk', '[Last Name] eq "van Dijk"'],
    [
      '[Supplier Name] like "Acme%"',
      '[Supplier Name] like "Acme%"',
      '[Supplier Name] startswith "Acme"',
    ],
    ['cats and dogs', 'cats and dogs', 'cats AND dogs'],
    ['[Loyalty Score] gt 0,5', '[Loyalty Score] gt 0.5', '[Loyalty Score] gt 0.5'],
    ['First Name:John', '[First Name] eq "John"', '[First Name] eq "John"'],
    [
      'Email:* AND (a OR b AND c)',
      '_exists_:Email AND (a OR (b AND c))',
      '_exists_:Email AND (a OR (b AND c))',
    ],
    ['[Fist Name] eq "Tim"', '[Fist Name] eq "Tim"', '[First Name] eq "Tim"'],
  ])('%s', (query, safe, all) => {
    expect(fixQuery(query, { schema }).text).toBe(safe);
    expect(fixQuery(query, { schema, unsafe: true }).text).toBe(all);
  });

  it('says which fix it applied', () => {
    const { applied } = fixQuery('VIP:yes', { schema });
    expect(applied.map((a) => [a.diagnostic.code, a.fix.title, a.fix.safe])).toEqual([
      ['invalid-boolean', 'Replace with Y', true],
    ]);
  });
});
