import fc from 'fast-check';
import { readNumber } from '../../src/schema/value-rules.js';
import { expect, it } from 'vitest';
import { readValue } from '../../src/checker/values.js';
import { loadSchema } from '../../src/schema/schema.js';

const schema = loadSchema({
  name: 'Numbers',
  fields: [
    { name: 'Count', dataType: 'integer' },
    { name: 'Weight', dataType: 'float' },
  ],
});
const count = schema.field('Count')!;
const weight = schema.field('Weight')!;

const numberLike = fc
  .array(fc.constantFrom(...'0123456789+-.eE,x '.split('')), { maxLength: 8 })
  .map((cs) => cs.join(''));

it('reads whole numbers as /^[+-]?\\d+$/ says, or a decimal without a fraction (7.0), and as their value', () => {
  fc.assert(
    fc.property(numberLike, (text) => {
      const reading = readValue(text, count);
      expect(reading.ok).toBe(
        /^[+-]?\d+$/.test(text) ||
          (/^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(text) && Number.isInteger(Number(text))),
      );
      if (reading.ok) expect(reading.comparable).toBe(Number(text));
    }),
  );
});

it('reads decimals as numbers written in plain decimal (as the evaluator does), whole ones included', () => {
  fc.assert(
    fc.property(numberLike, (text) => {
      const reading = readValue(text, weight);
      expect(reading.ok).toBe(/^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(text));
      expect(reading.ok).toBe(!Number.isNaN(readNumber(text)) && text.trim() === text);
      if (reading.ok) expect(reading.comparable).toBe(Number(text));
    }),
  );
});
