// Every embedded sample task loads with the official-format parser and folder check with no
// problem at all (not even a warning), and the suite covers what issue 5 promises.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseDataJsonl } from '../../src/task/parse.ts';
import { applyMetadata, checkTaskFiles } from '../../src/task/folder.ts';
import { formatProblem, type Task } from '../../src/task/types.ts';
import { datasetDir, readSources, resultsDir, samplesDir, MODELS } from '../../scripts/samples/sources.mjs';

const sources = readSources();
const parsed = parseDataJsonl(readFileSync(join(datasetDir, 'data.jsonl'), 'utf8'));
const byId = new Map<string, Task>(parsed.tasks.map((t) => [t.id, t]));

function listing(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out;
}

describe('sample tasks', () => {
  it('data.jsonl parses with no file-level problem', () => {
    expect(parsed.problems.map(formatProblem)).toEqual([]);
  });

  for (const src of sources) {
    describe(`task ${src.id} (${src.slug})`, () => {
      it('parses with no error or warning, and equals its task.json', () => {
        const task = byId.get(String(src.id));
        expect(task, `data.jsonl has no line for task ${src.id}`).toBeDefined();
        if (!task) return;
        expect(task.problems.map(formatProblem)).toEqual([]);
        expect(task.record).toEqual(src.record);
      });

      it('its folder passes the folder check and metadata.json agrees', () => {
        const task = byId.get(String(src.id));
        if (!task) throw new Error(`data.jsonl has no line for task ${src.id}`);
        const dir = join(datasetDir, 'data', String(src.id));
        expect(checkTaskFiles(task, listing(dir)).map(formatProblem)).toEqual([]);
        expect(applyMetadata(task, readFileSync(join(dir, 'metadata.json'), 'utf8')).problems.map(formatProblem)).toEqual([]);
      });

      it('ships the four candidates, each naming only assets that exist', () => {
        const assets = new Set(readdirSync(join(datasetDir, 'data', String(src.id), 'assets')));
        for (const model of MODELS) {
          const html = readFileSync(join(resultsDir, String(src.id), model, 'index.html'), 'utf8');
          const used = [...html.matchAll(/__PLACEHOLDER_ASSETS_BASE_DIR__\/([\w.-]+)/g)].map((m) => m[1] ?? '');
          for (const name of used) expect(assets.has(name), `results/${src.id}/${model}/index.html uses ${name}`).toBe(true);
        }
      });

      it('is written like an annotated task: 5-10 steps, checkpoints, assertions, descriptions', () => {
        const steps = src.record.action_sequence as Array<{
          type: string;
          parameters: { description?: string };
          visual_evaluation_flag: boolean;
          logical_assertion: string | null;
        }>;
        expect(steps.length).toBeGreaterThanOrEqual(5);
        expect(steps.length).toBeLessThanOrEqual(10);
        expect(steps.filter((s) => s.visual_evaluation_flag).length).toBeGreaterThanOrEqual(2);
        const interactive = steps.filter((s) => s.type !== 'Scroll');
        const asserted = interactive.filter((s) => s.logical_assertion).length;
        expect(asserted / Math.max(1, interactive.length)).toBeGreaterThanOrEqual(0.5);
        for (const s of steps) {
          expect(s.parameters.description ?? '').toMatch(/^[A-Z]/);
          // Annotators describe what they see; a CSS selector or XPath is not a description.
          expect(s.parameters.description ?? '').not.toMatch(/[#.][a-z-]+\s*[>{[]|\/html\[|\bdiv\b|\bclass=/);
        }
      });
    });
  }

  it('covers every action type, every interaction level and mobile and desktop resolutions', () => {
    const records = sources.map((s) => s.record);
    const types = new Set(records.flatMap((r) => r.action_sequence.map((s) => s.type)));
    expect([...types].sort()).toEqual(['Click', 'Press', 'Scroll', 'Type']);
    const levels = new Set(records.map((r) => (r.classification as { interaction_complexity?: string }).interaction_complexity));
    expect([...levels].sort()).toEqual(['L1', 'L2', 'L3', 'L4']);
    const res = records.map((r) => r.recording_details.resolution);
    const mobile = res.filter((r) => Number(r.split('x')[0]) < 500);
    expect(mobile.length).toBeGreaterThanOrEqual(2);
    expect(new Set(mobile).size).toBeGreaterThanOrEqual(2);
    for (const desktop of ['1280x720', '1440x900', '1920x1080']) expect(res).toContain(desktop);
    expect(sources.length).toBeGreaterThanOrEqual(10);
  });

  it('keeps the whole suite under 30 MB', () => {
    const bytes = listing(samplesDir).reduce((n, f) => n + statSync(join(samplesDir, f)).size, 0);
    expect(bytes).toBeLessThan(30 * 1024 * 1024);
  });
});
