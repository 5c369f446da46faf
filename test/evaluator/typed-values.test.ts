import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadSchema } from '../../src/index.js';
import { compile } from '../../src/evaluator/index.js';
import {
  compareIgnoringCase,
  compareText,
  comparator,
  dateMathKey,
  equalsTest,
  numberRangeTest,
  readNumber,
} from '../../src/evaluator/typed-values.js';
import { exampleSchemas } from './records.js';

const scale = Number(process.env.FC_RUNS ?? 1);
const schema = loadSchema(exampleSchemas);

describe('typed values', () => {
  it('compares text ignoring case in place exactly as on lower-cased copies', () => {
    const text = fc.string({
      unit: fc.constantFrom(...'aAzZ09 é', 'É', 'K', 'İ', '\ud83d\ude00', '\uffff'),
      maxLength: 6,
    });
    fc.assert(
      fc.property(text, text, (a, b) => {
        const q = b.toLowerCase();
        expect(Math.sign(compareIgnoringCase(a, q))).toBe(
          Math.sign(compareText(a.toLowerCase(), q)),
        );
      }),
      { numRuns: 3000 * scale },
    );
  });

  it('orders text by code point, as Lucene orders terms', () => {
    expect(compareText('\uffff', '\ud83d\ude00')).toBeLessThan(0); // U+FFFF before U+1F600
    expect('\uffff' < '\ud83d\ude00').toBe(false); // where UTF-16 order differs
  });

  it('reads numbers as the language writes them', () => {
    expect([readNumber('42'), readNumber('-1.5'), readNumber('.5'), readNumber(' 7 ')]).toEqual([
      42, -1.5, 0.5, 7,
    ]);
    expect(
      [readNumber(''), readNumber('1e3'), readNumber('0x10'), readNumber('Infinity')].every(
        Number.isNaN,
      ),
    ).toBe(true);
  });

  it('reads a long value that is almost a number in linear time (the pattern has one way to read it)', () => {
    const digits = '1'.repeat(200_000);
    expect(readNumber(`${digits}x`)).toBeNaN();
    expect(readNumber(`${digits}.${digits}`)).toBe(Number(`${digits}.${digits}`));
    // Not a number, so compared as text: '1…' sorts before '5'.
    expect([compile('x:>5')({ x: `${digits}x` }), compile('x:<5')({ x: `${digits}x` })]).toEqual([
      false,
      true,
    ]);
  });

  it('types by field: dates in the field format, booleans by pair, picklist codes exactly', () => {
    const born = comparator('1985-04-12', schema.field('Date of Birth'));
    expect([
      born('04/12/1985'),
      Math.sign(born('04/13/1985')),
      Math.sign(born('12/31/1984')),
    ]).toEqual([0, 1, -1]);
    expect(born('1985-04-12')).toBe(0); // ISO is read too
    expect(born('13/45/1985')).toBeNaN();
    const vip = comparator('Y', schema.field('VIP'));
    expect([vip('Y'), vip(true), vip('N') !== 0]).toEqual([0, 0, true]);
    // The pair's spellings exactly (schema/value-rules.ts): `y` is no spelling of a Y/N field.
    expect(comparator('y', schema.field('VIP'))('Y')).toBeNaN();
    expect(comparator('maybe', schema.field('VIP'))('Y')).toBeNaN();
    const status = comparator('ACT', schema.field('Status'));
    expect([status('ACT'), status('act') !== 0]).toEqual([0, true]);
    expect(comparator('x', schema.field('Profile Photo'))('x')).toBeNaN();
  });

  it('without a type, the value decides', () => {
    const five = comparator('5', undefined);
    expect([five(5), Math.sign(five(50)), five('5'), Math.sign(five('10'))]).toEqual([0, 1, 0, 1]);
    expect(comparator('true', undefined)(true)).toBe(0);
    expect(comparator('2020-01-01', undefined)(new Date(Date.UTC(2020, 0, 1, 12)))).toBe(0);
    expect(comparator('abc', undefined)({})).toBeNaN();
  });
});

describe('date math', () => {
  const now = new Date(Date.UTC(2024, 4, 15, 13, 45, 30)); // a Wednesday
  it.each([
    ['now', '2024-05-15'],
    ['now-1d', '2024-05-14'],
    ['now+2w', '2024-05-29'],
    ['now-1M/M', '2024-04-01'],
    ['now/y', '2024-01-01'],
    ['now/w', '2024-05-13'],
    ['now-1y+1d', '2023-05-16'],
  ])('%s is %s', (text, key) => {
    expect(dateMathKey(text, now, false)).toBe(key);
  });

  it('keeps the time for datetimes, rounded as asked', () => {
    expect(dateMathKey('now-2h', now, true)).toBe('2024-05-15T11:45:30');
    expect(dateMathKey('now/h', now, true)).toBe('2024-05-15T13:00:00');
    expect(dateMathKey('now+1x', now, false)).toBeNull();
  });

  it('the direct tests of number ranges and equalities, and of picklist codes, agree with the comparators', () => {
    const numeric = fc.oneof(
      fc.constantFrom(
        '0',
        '-0',
        '7',
        '007',
        '1.5',
        '-2.25',
        '.5',
        ' 3 ',
        '1e3',
        'x',
        '',
        '9'.repeat(400),
      ),
      fc.integer({ min: -50, max: 50 }).map(String),
      fc.double({ min: -100, max: 100, noNaN: true }).map(String),
    );
    const values = fc.oneof(
      fc.integer({ min: -50, max: 50 }),
      fc.double(),
      fc.bigInt({ min: -50n, max: 50n }),
      numeric,
      fc.boolean(),
      fc.constant(null),
      fc.constant(new Date(0)),
      fc.constantFrom('ACT', 'act', ' ACT', '7', 7),
    );
    const bound = fc.option(numeric, { nil: null });
    const fields = [schema.field('Age')!, schema.field('Unit Price')!, schema.field('Status')!];
    fc.assert(
      fc.property(
        fc.constantFrom(...fields),
        bound,
        fc.boolean(),
        bound,
        fc.boolean(),
        values,
        (field, lower, lowerIn, upper, upperIn, value) => {
          const direct = numberRangeTest(field, lower, lowerIn, upper, upperIn);
          if (direct !== null) {
            const lo = lower === null ? null : comparator(lower, field);
            const hi = upper === null ? null : comparator(upper, field);
            const c1 = lo?.(value);
            const c2 = hi?.(value);
            const expected =
              (lo === null || (lowerIn ? c1! >= 0 : c1! > 0)) &&
              (hi === null || (upperIn ? c2! <= 0 : c2! < 0));
            expect(direct(value), `${String(lower)}..${String(upper)} on ${String(value)}`).toBe(
              expected,
            );
          }
          const query = lower ?? upper ?? 'ACT';
          const equals = equalsTest(field, query);
          if (equals !== null)
            expect(equals(value), `${query} = ${String(value)}`).toBe(
              comparator(query, field)(value) === 0,
            );
        },
      ),
      { numRuns: 5000 * scale },
    );
  });
});
