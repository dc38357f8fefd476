// API keys must never leave the browser's settings store: not in exports, logs, error
// messages, stored replies or eval.json. Every key the app is given is registered here, and
// anything about to be written or shown passes through redact().

const secrets = new Set<string>();
export const REDACTED = '[redacted]';

/** Remembers a key so later text can be scrubbed of it. Very short strings are ignored (they would over-match). */
export function registerSecret(value: string | undefined | null): void {
  if (value && value.length >= 6) secrets.add(value);
}

/** The text with every registered key (and any "Bearer <token>") replaced by [redacted]. */
export function redact(text: string): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join(REDACTED);
  return out.replace(/(Bearer\s+)[A-Za-z0-9._~+/=-]{6,}/g, `$1${REDACTED}`);
}

/** A deep copy of plain data with every string redacted (Blobs and other objects kept as they are). */
export function redactDeep<T>(value: T): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactDeep(v);
    return out as T;
  }
  return value;
}
