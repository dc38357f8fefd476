// Number formats used across screens, in one place so every screen shows scores alike.
import { formatBytes } from '../sources/errors.ts';

/** 0.6829 -> "68.29%" (the report's two decimals). */
export const pct = (v: number, digits = 2): string => `${(v * 100).toFixed(digits)}%`;

/** Byte counts as the sources' messages print them ("1.5 MB"); '?' for nonsense. */
export function bytes(n: number): string {
  return Number.isFinite(n) && n >= 0 ? formatBytes(n) : '?';
}

export function ms(n: number): string {
  if (!Number.isFinite(n)) return '?';
  return n < 1000 ? `${Math.round(n)} ms` : `${(n / 1000).toFixed(n < 10_000 ? 2 : 1)} s`;
}

export function when(t: number): string {
  return t ? new Date(t).toLocaleString() : '';
}

/** "00:12.4" for a video time in seconds. */
export function clock(s: number): string {
  if (!Number.isFinite(s)) return '--:--';
  const m = Math.floor(s / 60);
  const r = s - m * 60;
  return `${String(m).padStart(2, '0')}:${r.toFixed(1).padStart(4, '0')}`;
}
