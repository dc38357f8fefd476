// The layer table (scripts/layers.mjs) is what keeps the arrows one-way: these tests fail when
// the table itself has a cycle, when the code has a cycle between folders (whatever the table
// says), when a new folder of src/ has no row, or when lint stops enforcing the table.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';
import { LAYERS, layerOf } from '../../scripts/layers.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const table = LAYERS as Record<string, string[]>;

/** A cycle in a graph given as adjacency lists, as a path [a, b, ..., a], or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (n: string): string[] | null => {
    if (state.get(n) === 'done') return null;
    if (state.get(n) === 'open') return [...stack.slice(stack.indexOf(n)), n];
    state.set(n, 'open');
    stack.push(n);
    for (const m of graph.get(n) ?? []) {
      const c = visit(m);
      if (c) return c;
    }
    stack.pop();
    state.set(n, 'done');
    return null;
  };
  for (const n of graph.keys()) {
    const c = visit(n);
    if (c) return c;
  }
  return null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx|mjs)$/.test(name) ? [p] : [];
  });
}

/** Folder-level imports of the real code: relative specifiers of import/export/import(). */
function importGraph(): { graph: Map<string, Set<string>>; examples: Map<string, string> } {
  const graph = new Map<string, Set<string>>();
  const examples = new Map<string, string>();
  const files = ['src', 'workers', 'scripts'].flatMap((d) => sourceFiles(path.join(ROOT, d)));
  for (const file of files) {
    const from = layerOf(file);
    if (!from) continue;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s+['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]/g)) {
      const to = layerOf(path.resolve(path.dirname(file), (m[1] ?? m[2]) as string));
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
      examples.set(`${from}->${to}`, path.relative(ROOT, file));
    }
  }
  return { graph, examples };
}

describe('layers', () => {
  test('the table names only known layers and has no cycle', () => {
    for (const [layer, allowed] of Object.entries(table))
      for (const to of allowed) expect(table, `${layer} allows unknown layer ${to}`).toHaveProperty(to);
    const graph = new Map(Object.entries(table).map(([k, v]) => [k, new Set(v)]));
    expect(findCycle(graph)).toBeNull();
  });

  test('every folder of src/ is a layer of the table', () => {
    const folders = readdirSync(path.join(ROOT, 'src')).filter((f) => statSync(path.join(ROOT, 'src', f)).isDirectory());
    expect(folders.filter((f) => !(f in table))).toEqual([]);
  });

  test('the code has no import cycle between folders, and follows the table', () => {
    const { graph, examples } = importGraph();
    expect(graph.size).toBeGreaterThan(10); // the scan found the code
    const cycle = findCycle(graph);
    expect(cycle && cycle.map((l, i) => (i ? (examples.get(`${cycle[i - 1]}->${l}`) ?? l) : l)), 'folder cycle').toBeNull();
    const wrong = [...graph].flatMap(([from, tos]) =>
      [...tos].filter((to) => !table[from]?.includes(to)).map((to) => `${examples.get(`${from}->${to}`)}: ${from} -> ${to}`),
    );
    expect(wrong).toEqual([]);
  });

  test('the finder sees a cycle when there is one', () => {
    const g = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(findCycle(g)).toEqual(['a', 'b', 'c', 'a']);
  });

  test('lint rejects an import against the table, and idb outside src/data', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const lint = async (file: string, code: string) =>
      (await eslint.lintText(code, { filePath: path.join(ROOT, file) }))[0]!.messages
        .filter((m) => m.ruleId === 'layers/imports')
        .map((m) => m.message);
    expect(await lint('src/driver/example.ts', "import { x } from '../ui/App.tsx';\nexport { x };\n")).toEqual([
      expect.stringContaining('driver/ may not import ui/'),
    ]);
    expect(await lint('src/ui/example.ts', "import { openDB } from 'idb';\nexport { openDB };\n")).toEqual([
      expect.stringContaining("only src/data/ may import 'idb'"),
    ]);
    expect(await lint('src/ui/example.ts', "import { x } from '../driver/resolve.ts';\nexport { x };\n")).toEqual([]);
  }, 60_000);
});
