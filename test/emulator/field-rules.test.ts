/** The rules a stored value must keep, read from its field definition (what `_errors` reports). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exampleSchemas } from '../../src/examples/index.js';
import { recordErrors, valueErrors } from '../../src/emulator/store/field-rules.js';

const field = (schema: number, name: string) =>
  exampleSchemas[schema]!.fields.find((f) => f.name === name)!;

describe('field rules', () => {
  it.each([
    [0, 'Email', 'tim@example.com', []],
    [0, 'Email', 'tim-at-example', ['"tim-at-example" is not an email address']],
    [0, 'First Name', '', ['is required']],
    [0, 'First Name', 'x'.repeat(51), ['is longer than 50 characters']],
    [0, 'Customer ID', 'C-1', ['is shorter than 8 characters']],
    [0, 'Age', 40, []],
    [0, 'Age', 40.5, ['40.5 is not a whole number']],
    [0, 'Loyalty Score', 'high', ['"high" is not a number']],
    [0, 'VIP', 'Y', []],
    [0, 'VIP', 'yes', ['"yes" is not one of Y, N']],
    [0, 'Status', 'ACT', []],
    [0, 'Status', 'act', ['"act" is not one of the codes ACT, INA, PRO, BLK']],
    [0, 'Date of Birth', '04/12/1985', []],
    [0, 'Date of Birth', '1985-04-12', ['"1985-04-12" is not a date written MM/DD/YYYY']],
    [0, 'Date of Birth', '02/30/1985', ['"02/30/1985" is not a date written MM/DD/YYYY']],
    [0, 'Date of Birth', '12/31/1899', ['"12/31/1899" is before the earliest date 01/01/1900']],
    [0, 'Customer Since', '2019-03-01T09:00:00', []],
    [
      0,
      'Customer Since',
      'yesterday',
      ['"yesterday" is not a date and time (YYYY-MM-DDTHH:mm:ss)'],
    ],
    [0, 'Preferred Contact Time', '25:00', ['"25:00" is not a time of day (HH:mm)']],
    [0, 'Tags', ['a', 'b'], []],
    [0, 'Tags', ['x'.repeat(31)], ['is longer than 30 characters']],
    [0, 'City', ['Berlin'], ['takes one value, not a list']],
    [0, 'Home Location', { lat: 1, lon: 2 }, []],
    [2, 'Colour', ['BLK', 'GREEN'], ['"GREEN" is not one of the codes BLK, WHT, RED, BLU']],
    [2, 'Launch Date', '2031-01-01', ['"2031-01-01" is after the latest date 2030-12-31']],
    [3, 'Onboarded On', '01.03.2015', []],
    [3, 'Preferred', '1', []],
  ] as const)('schema %i, %s = %j', (schema, name, value, expected) => {
    expect(valueErrors(value, field(schema, name))).toEqual(expected);
  });

  it('lists the fields with problems in schema order, skipping inactive fields', () => {
    const errors = recordErrors(
      { Status: 'X', 'Customer ID': 'C-10000001', 'Legacy Customer Number': 'x'.repeat(99) },
      exampleSchemas[0]!.fields,
    );
    expect(errors.map((e) => e.name)).toEqual(['First Name', 'Last Name', 'Status']);
  });
});

describe('the email rule', () => {
  const email = field(0, 'Email');
  const notEmail = (value: string) =>
    valueErrors(value, email).some((e) => e.endsWith('is not an email address'));

  it("is the expression ^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$, for any text but the empty one (the required rule's)", () => {
    const expression = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', '@', '.', ' ', '\t', '\n', 'é'),
          minLength: 1,
          maxLength: 12,
        }),
        (value) => {
          expect(notEmail(value)).toBe(!expression.test(value));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('checks a value of a megabyte at once (the expression backtracked: seconds at 40 KB, minutes at 1 MB)', () => {
    expect(notEmail(`a@${'a.'.repeat(500_000)} `)).toBe(true);
    expect(notEmail(`a@${'a.'.repeat(500_000)}a`)).toBe(false);
  });
});
