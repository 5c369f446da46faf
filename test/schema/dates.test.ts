import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareDateKeys,
  daysInMonth,
  fromDateFormat,
  readQueryDate,
  readQueryTime,
} from '../../src/schema/dates.js';
import {
  FIELD_KIND_TRAITS,
  fieldKind,
  isKnown,
  isOrdered,
  isTextual,
  type FieldKind,
} from '../../src/schema/field-kind.js';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const realDate = fc
  .date({
    min: new Date('1000-01-01T00:00:00Z'),
    max: new Date('9999-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => ({
    y: d.getUTCFullYear(),
    m: d.getUTCMonth() + 1,
    d: d.getUTCDate(),
  }));

describe('query dates', () => {
  it('accepts every real year-month-day date and keys it as written', () => {
    fc.assert(
      fc.property(realDate, ({ y, m, d }) => {
        const text = `${y}-${pad(m)}-${pad(d)}`;
        expect(readQueryDate(text, false)).toEqual({ ok: true, value: { key: text } });
      }),
    );
  });

  it('rejects a day past the end of its month', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 3 }),
        (y, m, extra) => {
          expect(readQueryDate(`${y}-${pad(m)}-${pad(daysInMonth(y, m) + extra)}`, false).ok).toBe(
            false,
          );
        },
      ),
    );
  });

  it.each([
    ['2021-02-30', false, "'2021-02-30' is not a real date: 2021-02 has 28 days"],
    ['2021-13-01', false, "'2021-13-01' is not a real date: there is no month 13"],
    [
      '01/02/2021',
      false,
      "'01/02/2021' is not a date; write dates as year-month-day, e.g. 2021-03-31",
    ],
    ['2021-02-03T10:00', false, "'2021-02-03T10:00' holds a time, but the field is a date"],
    ['2021-02-03T24:00', true, "'2021-02-03T24:00' is not a real time of day"],
  ])('explains %s', (text, withTime, reason) => {
    expect(readQueryDate(text, withTime)).toEqual({ ok: false, reason });
  });

  it('accepts partial dates, date-times and date math', () => {
    expect(readQueryDate('2021', false)).toEqual({ ok: true, value: { key: '2021' } });
    expect(readQueryDate('2021-6', false)).toEqual({ ok: true, value: { key: '2021-06' } });
    expect(readQueryDate('2024-02-29T23:59:59Z', true)).toEqual({
      ok: true,
      value: { key: '2024-02-29T23:59:59' },
    });
    expect(readQueryDate('now-1d/d', false)).toEqual({ ok: true, value: null });
  });

  it('orders keys, and a key overlapping another compares equal', () => {
    expect(compareDateKeys('2020-12-31', '2021-01-01')).toBe(-1);
    expect(compareDateKeys('2021', '2021-05-01')).toBe(0);
    expect(compareDateKeys('2022', '2021-05-01')).toBe(1);
  });

  it('compares any two keys as "overlapping, else in string order"', () => {
    const key = fc.stringMatching(/^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2})?)?)?$/);
    fc.assert(
      fc.property(key, key, (a, b) => {
        const expected = a.startsWith(b) || b.startsWith(a) ? 0 : a < b ? -1 : 1;
        expect(compareDateKeys(a, b)).toBe(expected);
      }),
    );
  });

  it('reads times of day', () => {
    expect(readQueryTime('9:30')).toEqual({ ok: true, value: { key: '09:30' } });
    expect(readQueryTime('25:00').ok).toBe(false);
  });

  it('reads any time as its definition says (HH:MM read by hand agrees with the full pattern)', () => {
    const pattern = /^(\d{1,2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?$/;
    const expected = (text: string) => {
      const m = pattern.exec(text);
      if (
        m === null ||
        Number(m[1]) > 23 ||
        Number(m[2]) > 59 ||
        (m[3] !== undefined && Number(m[3]) > 59)
      )
        return false;
      return `${m[1]!.padStart(2, '0')}:${m[2]}${m[3] === undefined ? '' : `:${m[3]}${m[4] ?? ''}`}`;
    };
    const text = fc
      .array(fc.constantFrom(...'0123456789:.'.split('')), { minLength: 3, maxLength: 9 })
      .map((cs) => cs.join(''));
    fc.assert(
      fc.property(text, (t) => {
        const reading = readQueryTime(t);
        expect(reading.ok ? reading.value?.key : false).toBe(expected(t));
      }),
    );
  });
});

describe('field date formats', () => {
  it('reads a date written in the format of a field and round-trips every real date', () => {
    fc.assert(
      fc.property(
        realDate,
        fc.constantFrom('MM/DD/YYYY', 'DD.MM.YYYY', 'YYYY-MM-DD', 'DD/MM/YYYY'),
        ({ y, m, d }, format) => {
          const text = format
            .replace('YYYY', String(y))
            .replace('MM', pad(m))
            .replace('DD', pad(d));
          expect(fromDateFormat(text, format)).toBe(`${y}-${pad(m)}-${pad(d)}`);
        },
      ),
    );
  });

  it('honours the separator and rejects what does not fit', () => {
    expect(fromDateFormat('12-31-2010', 'MM/DD/YYYY', '-')).toBe('2010-12-31');
    expect(fromDateFormat('31/12/10', 'DD/MM/YY')).toBe('2010-12-31');
    expect(fromDateFormat('02/30/2021', 'MM/DD/YYYY')).toBeNull();
    expect(fromDateFormat('2021-02-03', 'MM/DD/YYYY')).toBeNull();
    expect(fromDateFormat('2021', 'YYYY')).toBeNull();
  });
});

describe('field kinds', () => {
  it.each([
    ['string', 'text'],
    ['email', 'text'],
    ['phone', 'text'],
    ['url', 'text'],
    ['integer', 'integer'],
    ['float', 'decimal'],
    ['currency', 'decimal'],
    ['boolean', 'boolean'],
    ['date', 'date'],
    ['date day/month/year', 'date'],
    ['DateTime', 'datetime'],
    ['time', 'time'],
    ['picklist', 'picklist'],
    ['image', 'image'],
    ['document', 'opaque'],
    ['geo coordinates', 'opaque'],
    ['something new', 'opaque'],
    [undefined, 'opaque'],
    [42, 'opaque'],
  ])('%j is %s', (dataType, kind) => {
    expect(fieldKind(dataType)).toBe(kind);
  });

  it('gives opaque fields no type rules', () => {
    expect(FIELD_KIND_TRAITS.opaque.known).toBe(false);
  });

  it.each(Object.keys(FIELD_KIND_TRAITS) as FieldKind[])(
    'answers the trait predicates for %s as the table does',
    (kind) => {
      const traits = FIELD_KIND_TRAITS[kind];
      expect({ ordered: isOrdered(kind), textual: isTextual(kind), known: isKnown(kind) }).toEqual({
        ordered: traits.ordered,
        textual: traits.textual,
        known: traits.known,
      });
    },
  );
});
