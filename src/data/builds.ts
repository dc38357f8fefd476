// Project candidates built in the tab, kept by the project's tree hash (treeHash over its
// files): dropping the same project again opens its output at once instead of booting a
// WebContainer and running npm install again. The output is kept as it was read from the
// build's folder; the record is what eval.json says of the build.
import type { BuildRecord } from '../build/project-build.ts';
import { getDb, guardedWrite } from './db.ts';

export interface StoredBuild {
  projectHash: string;
  /** The output folder's files, by path relative to it. */
  outputs: Record<string, Blob>;
  record: BuildRecord;
  savedAt: number;
}

function valid(v: unknown): v is StoredBuild {
  const b = v as Partial<StoredBuild> | undefined;
  if (!b || typeof b.projectHash !== 'string' || typeof b.outputs !== 'object' || b.outputs === null) return false;
  const r = b.record as Partial<BuildRecord> | undefined;
  return (
    Object.values(b.outputs).every((x) => x instanceof Blob) &&
    typeof r?.output_hash === 'string' &&
    typeof r.project_hash === 'string' &&
    typeof r.tool === 'string'
  );
}

/** The stored build of the project with this hash; null when there is none or it is malformed. */
export async function getBuild(projectHash: string): Promise<StoredBuild | null> {
  const v: unknown = await (await getDb()).get('builds', projectHash);
  return valid(v) && v.projectHash === projectHash ? v : null;
}

export async function putBuild(b: StoredBuild): Promise<void> {
  await guardedWrite(`the build of project ${b.projectHash.slice(0, 12)}`, async () => {
    await (await getDb()).put('builds', b as unknown as Record<string, unknown>, b.projectHash);
  });
}
