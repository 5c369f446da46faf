/**
 * Java's `Float.toString(float)`, which Lucene's BoostQuery uses to print its boost:
 * the value rounded to a 32-bit float, then the fewest significant digits that read
 * back as that float, in plain notation (at least one digit after the point: `2.0`)
 * between 10^-3 and 10^7, in computerized scientific notation (`1.0E7`) outside.
 */
export function javaFloatToString(value: number): string {
  const f = Math.fround(value);
  if (Number.isNaN(f)) return 'NaN';
  if (f === Infinity) return 'Infinity';
  if (f === -Infinity) return '-Infinity';
  if (f === 0) return Object.is(f, -0) ? '-0.0' : '0.0';
  const sign = f < 0 ? '-' : '';
  const magnitude = Math.abs(f);
  const { digits, exponent } = shortestDigits(magnitude);
  if (magnitude >= 1e-3 && magnitude < 1e7) return sign + plain(digits, exponent);
  const mantissa = digits.length === 1 ? `${digits}.0` : `${digits[0]}.${digits.slice(1)}`;
  return `${sign}${mantissa}E${exponent}`;
}

/** The shortest decimal digits (no leading or trailing zeros) and decimal exponent that round to the float `f`. */
function shortestDigits(f: number): { digits: string; exponent: number } {
  for (let precision = 1; precision <= 9; precision++) {
    const text = f.toExponential(precision - 1);
    if (Math.fround(Number(text)) === f) {
      const [mantissa, exp] = text.split('e') as [string, string];
      const digits = mantissa.replace('.', '').replace(/0+$/, '') || '0';
      return { digits, exponent: Number(exp) };
    }
  }
  throw new RangeError(`no float representation found for ${f}`);
}

/** `digits` × 10^(exponent - digits.length + 1) in plain notation with at least one fraction digit. */
function plain(digits: string, exponent: number): string {
  if (exponent < 0) return `0.${'0'.repeat(-exponent - 1)}${digits}`;
  const integer = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
  const fraction = digits.slice(exponent + 1);
  return `${integer}.${fraction === '' ? '0' : fraction}`;
}
