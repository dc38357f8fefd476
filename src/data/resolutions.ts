// LLM resolver answers, cached by what was asked (model, prompt version, prompt text, the
// screenshot's hash when one was sent), so a rerun of the same page state and step makes no
// call. Kept in the `resolutions` store and, in the CLI with --ref-cache, on disk too. Only
// real answers are cached: a transport failure is asked again next time.
import { getDb, guardedWrite } from './db.ts';
import { sharedStore } from './shared-store.ts';

export interface ResolutionRecord {
  /** The model's reply text, as received (redacted). */
  raw: string;
  model: string;
  answeredAt: number;
}

function valid(v: unknown): v is ResolutionRecord {
  const r = v as Partial<ResolutionRecord> | null;
  return !!r && typeof r.raw === 'string' && typeof r.model === 'string' && typeof r.answeredAt === 'number';
}

export async function getResolution(id: string): Promise<ResolutionRecord | null> {
  const v: unknown = await (await getDb()).get('resolutions', id);
  if (valid(v)) return v;
  const shared = sharedStore();
  if (!shared) return null;
  try {
    const s = await shared.get(`resolve/1|${id}`);
    if (valid(s)) {
      await putLocal(id, s);
      return s;
    }
  } catch (err) {
    console.warn(`resolver cache: ${err instanceof Error ? err.message : String(err)}`);
  }
  return null;
}

async function putLocal(id: string, rec: ResolutionRecord): Promise<void> {
  await guardedWrite('an LLM resolver answer', async () => {
    await (await getDb()).put('resolutions', rec as unknown as Record<string, unknown>, id);
  });
}

export async function putResolution(id: string, rec: ResolutionRecord): Promise<void> {
  await putLocal(id, rec);
  const shared = sharedStore();
  if (!shared) return;
  try {
    await shared.put(`resolve/1|${id}`, rec);
  } catch (err) {
    console.warn(`resolver cache: could not keep ${id}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
