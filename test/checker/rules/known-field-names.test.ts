import { expect, it } from 'vitest';
import { check } from '../../../src/checker/check.js';
import { KnownFieldNames } from '../../../src/checker/rules/known-field-names.js';
import { loadSchema, type SchemaIndex } from '../../../src/schema/schema.js';
import { ruleTable, schema } from '../helpers.js';

ruleTable(KnownFieldNames, {
  fires: [
    ['[Fist Name] eq "Tim"', 'unknown-field: [Fist Name]'],
    ['Emial:tim@example.com', 'unknown-field: Emial'],
    ['_exists_:Emial', 'unknown-field: Emial'],
    ['_exists_:"Frist Name"', 'unknown-field: "Frist Name"'],
    ['[first name] eq "Tim"', 'field-name-case: [first name]'],
    ['[FirstName] eq "Tim"', 'field-name-case: [FirstName]'],
    ['city:Berlin', 'field-name-case: city'],
    ['(a OR Nope:1) AND [Zzz] eq 2', 'unknown-field: Nope', 'unknown-field: [Zzz]'],
    ['Nope.city:Berlin', 'unknown-field: Nope.city'],
  ],
  passes: [
    '[First Name] eq "Tim"',
    'City:Berlin',
    '_exists_:Email',
    '_exists_:"First Name"',
    'First\\ Name:Tim',
    '_dataObjectId:abc',
    '_schemaName:Customer',
    'just some words',
    '*:*',
    'Home\\ Location.lat:52',
    '[Home Location.lon] gt 13',
    // Reported as an unescaped space instead, not as an unknown "Name".
    'First Name:John',
  ],
});

it('suggests the closest names as fixes, exact spelling in the clause style', () => {
  const [d] = check('[Fist Name] eq "Tim"', { schema, rules: [KnownFieldNames] });
  expect(d?.message).toBe(
    'no field "Fist Name" in the schemas "Customer", "Customer Contact", "Product" and "Supplier"; did you mean "First Name" or "Last Name"?',
  );
  expect(d?.fixes?.map((f) => f.edits[0]?.text)).toEqual(['[First Name]', '[Last Name]']);
  const [e] = check('Frist\\ Name:Tim', { schema, rules: [KnownFieldNames] });
  expect(e?.fixes?.[0]?.edits[0]?.text).toBe('First\\ Name');
});

it('names the one schema when there is one', () => {
  const [d] = check('Nope:1', { schema: schema[0], rules: [KnownFieldNames] });
  expect(d?.message).toBe('no field "Nope" in the Customer schema');
});

it('suggests no field that cannot hold the words of a group either (found by the no-new-error property)', () => {
  const titles = (q: string) =>
    check(q, { schema })
      .find((d) => d.code === 'unknown-field')!
      .fixes?.map((f) => f.title) ?? [];
  expect(titles('Agee:(18 OR 20)')).toContain('Use "Age"');
  // "Use Age" would make `old` and `young` invalid numbers.
  expect(titles('Agee:(old OR young)')).not.toContain('Use "Age"');
});

it("narrows the suggestions by each clause's own value, however often the misspelt name recurs (the answers are remembered per name and value)", () => {
  const titles = (q: string) =>
    check(q, { schema })
      .find((d) => d.code === 'unknown-field')!
      .fixes?.map((f) => f.title) ?? [];
  // One name, values that alternate: a remembered answer for one value must never stand for another.
  for (let round = 0; round < 3; round++) {
    expect(titles('Agee:18')).toContain('Use "Age"');
    expect(titles('Agee:old')).not.toContain('Use "Age"');
    expect(titles('[Agee] eq "old"')).not.toContain('Use "Age"');
    expect(titles('[Agee] eq 21')).toContain('Use "Age"');
  }
  // Within one check too, each clause is said with the suggestions its value allows.
  const both = check('Agee:old AND Agee:18', { schema }).filter((d) => d.code === 'unknown-field');
  expect(both.map((d) => d.message.includes('"Age"'))).toEqual([false, true]);
  // More values than remembered for one name: every answer is still its own.
  for (let i = 0; i < 100; i++) {
    expect(titles(`Agee:${i}`)).toContain('Use "Age"');
    expect(titles(`Agee:w${i}`)).not.toContain('Use "Age"');
  }
});

it('remembers suggestions per loaded schema: another schema object with the same name misspelt gets its own', () => {
  const withAge = loadSchema(schema);
  const withoutAge = loadSchema(
    schema.map((s) => ({ ...s, fields: s.fields.filter((f) => f.name !== 'Age') })),
  );
  const titles = (s: SchemaIndex) =>
    check('Agee:18', { schema: s })
      .find((d) => d.code === 'unknown-field')!
      .fixes?.map((f) => f.title) ?? [];
  expect(titles(withAge)).toContain('Use "Age"');
  expect(titles(withoutAge)).not.toContain('Use "Age"');
  expect(titles(withAge)).toContain('Use "Age"');
});
