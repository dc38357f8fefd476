// Number formatting that matches Python's `'{:.2f}'.format(x)`, which the official report uses.
// JS toFixed(2) differs only on exact binary ties (x = k/8 with k odd, e.g. 12.125): Python
// rounds those half to even ("12.12"), toFixed rounds half up ("12.13").

/** Python `format(x, '.2f')` for finite x; "nan", "inf" and "-inf" as Python prints them. */
export function pyFixed2(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  const eighths = x * 8; // exact: multiplying by a power of two never rounds
  if (Number.isInteger(eighths) && Math.abs(eighths) % 2 === 1) {
    // A true tie at the third decimal: pick the even hundredth.
    const lo = Math.floor(x * 100); // x * 100 = eighths * 12.5, exact for any realistic score
    const n = lo % 2 === 0 ? lo : lo + 1;
    return centsToString(n, x < 0);
  }
  const s = x.toFixed(2);
  // Python prints -0.0 as "-0.00"; toFixed drops the sign of negative zero.
  return Object.is(x, -0) ? `-${s}` : s;
}

function centsToString(cents: number, negative: boolean): string {
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const frac = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${frac}`;
}

/** Python truthiness of a JSON value: null, false, 0, "", [] and {} are false. */
export function pyTruthy(v: unknown): boolean {
  if (v === null || v === undefined || v === false || v === 0 || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.keys(v).length > 0;
  return true;
}
