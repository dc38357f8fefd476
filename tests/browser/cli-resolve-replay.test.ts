// `iwr resolve` and `iwr replay` end to end: the real CLI process, the built app in headless
// Chromium. Each command run starts its own browser, so the file keeps to five of them
// (three resolves, two replays); argument errors stop before any browser starts.
import { describe, expect, test } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { iwr, repo, SAMPLE_RESULTS } from './cli-support.ts';
// `iwr resolve` prints the API's answer field for field.
import type { ResolveHtmlOutput as ResolveOut } from '../../src/api/run.ts';

const PAGE = `${repo}tests/fixtures/pages/repeated-labels.html`;
const VIEWPORT = '800x600';
/** Absolute, with an index on every part: what `iwr resolve` promises. */
const INDEXED_XPATH = /^(\/[a-z][a-z0-9-]*\[\d+\])+$/;

function step(type: string, description: string): string {
  return JSON.stringify({ type, parameters: { description }, visual_evaluation_flag: false, logical_assertion: null });
}

async function resolve(action: string): Promise<{ code: number; out: ResolveOut }> {
  const r = await iwr(['resolve', '--html', PAGE, '--viewport', VIEWPORT, '--action', action]);
  expect(r.stderr).toBe('');
  const lines = r.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  const out = JSON.parse(lines[0] as string) as ResolveOut;
  expect(Object.keys(out)).toEqual(['ok', 'xpath', 'tag', 'text', 'confidence', 'typed', 'alternatives', 'reason', 'decided_by']);
  return { code: r.code, out };
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(file: string): { width: number; height: number } {
  const b = readFileSync(file);
  expect(b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), `${file} is not a PNG`).toBe(true);
  expect(b.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

describe('iwr resolve', () => {
  test("a repeated label: the 'Add' next to 'Milk', not the first 'Add'", async () => {
    const { code, out } = await resolve(step('Click', "Click the 'Add' button next to 'Milk'"));
    expect(code).toBe(0);
    expect(out.ok).toBe(true);
    expect(out.xpath).toBe('/html[1]/body[1]/div[2]/button[1]');
    expect(out.tag).toBe('button');
    expect(out.text).toBe('Add');
    expect(out.typed).toBe(null);
    expect(out.reason).toBe(null);
    // The twins share the label and the kind; only the relation separates them, so the
    // resolver is sure of its choice but not certain.
    expect(out.confidence).toBeGreaterThan(0.5);
    expect(out.confidence).toBeLessThan(1);
    // The twins are the runner-ups (tied, so in document order), ahead of the rows.
    const alt = out.alternatives.map((a) => a.xpath);
    expect(alt.slice(0, 2)).toEqual(['/html[1]/body[1]/div[1]/button[1]', '/html[1]/body[1]/div[3]/button[1]']);
    expect(alt).not.toContain(out.xpath);
    for (const a of out.alternatives) {
      expect(a.xpath).toMatch(INDEXED_XPATH);
      expect(a.reasons.length).toBeGreaterThan(0);
    }
    const scores = out.alternatives.map((a) => a.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  test('a Type step takes its text from the quote in the description', async () => {
    const { code, out } = await resolve(step('Type', "Type 'oat milk' into the note field"));
    expect(code).toBe(0);
    expect(out.ok).toBe(true);
    // The second input of the form: the search field is the runner-up.
    expect(out.xpath).toBe('/html[1]/body[1]/form[1]/input[2]');
    expect(out.tag).toBe('input');
    expect(out.typed).toBe('oat milk');
    expect(out.confidence).toBeGreaterThan(0);
    expect(out.alternatives.map((a) => a.xpath)).toContain('/html[1]/body[1]/form[1]/input[1]');
  });

  test('a step that matches nothing: ok false, exit 1, the reason names the step', async () => {
    const description = "Click the 'Checkout' button";
    const { code, out } = await resolve(step('Click', description));
    expect(code).toBe(1);
    expect(out).toMatchObject({ ok: false, xpath: null, tag: null, text: null, confidence: 0, typed: null });
    expect(out.reason?.startsWith(`no element matches "${description}"`), String(out.reason)).toBe(true);
  });

  test('bad arguments exit 2 with one line naming the argument, before any browser starts', async () => {
    const cases: [string[], string | RegExp][] = [
      [['resolve', '--viewport', VIEWPORT, '--action', step('Click', 'Click Add')], 'iwr resolve: --html FILE is required\n'],
      [
        ['resolve', '--html', `${repo}no/such/page.html`, '--action', step('Click', 'Click Add')],
        `iwr resolve: --html ${repo}no/such/page.html: no such file\n`,
      ],
      [
        ['resolve', '--html', PAGE, '--viewport', '800', '--action', step('Click', 'Click Add')],
        'iwr resolve: --viewport 800: expected WxH, e.g. 1280x720\n',
      ],
      [
        ['resolve', '--html', PAGE, '--viewport', '0x600', '--action', step('Click', 'Click Add')],
        'iwr resolve: --viewport 0x600: expected WxH, e.g. 1280x720\n',
      ],
      [['resolve', '--html', PAGE, '--viewport', VIEWPORT, '--action', '{"type":"Click",'], /^iwr resolve: --action: not JSON \(.+\)\n$/],
      [['resolve', '--html', PAGE, '--viewport', VIEWPORT], 'iwr resolve: --action JSON is required\n'],
      [
        ['resolve', '--html', PAGE, '--viewport', VIEWPORT, '--action', step('Hover', 'Hover over Add')],
        'iwr resolve: --action: type "Hover" is not one of Click, Type, Press, Scroll\n',
      ],
      [
        ['replay', '--data', 'samples', '--task', '999', '--html', PAGE, '--out', tmpdir()],
        /^iwr replay: task 999 is not in .+data\.jsonl\n$/,
      ],
    ];
    const runs = await Promise.all(cases.map(([args]) => iwr(args)));
    runs.forEach((r, i) => {
      const [args, msg] = cases[i] as [string[], string | RegExp];
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout, args.join(' ')).toBe('');
      if (typeof msg === 'string') expect(r.stderr).toBe(msg);
      else expect(r.stderr).toMatch(msg);
    });
  });
});

describe('iwr replay', () => {
  // Task 1 of the built-in suite: 640x400, Click 'Add one', Type 'Ada', Press Enter.
  const REFERENCE = join(SAMPLE_RESULTS, '1', 'reference', 'index.html');

  interface ReplayJson {
    task: number;
    summary: { steps: number; done: number; failedAt: number | null; reason?: string; resolution: { width: number; height: number } };
    records: {
      k: number;
      step: number | null;
      status: 'ok' | 'failed';
      reason?: string;
      element?: { xpath: string; tag: string };
      screenshot?: string;
      missingAssets?: string[];
      errors: string[];
    }[];
  }

  test('the reference candidate: every step done, evalpoints/<k>.png at the task resolution, one record per step', async () => {
    const out = mkdtempSync(join(tmpdir(), 'iwr-replay-'));
    const r = await iwr(['replay', '--data', 'samples', '--task', '1', '--html', REFERENCE, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout.trim())).toEqual({ done: 3, steps: 3, failedAt: null, reason: null, screenshots: 4, out });

    expect(readdirSync(join(out, 'evalpoints')).sort()).toEqual(['0.png', '1.png', '2.png', '3.png']);
    for (let k = 0; k <= 3; k++) expect(pngSize(join(out, 'evalpoints', `${k}.png`))).toEqual({ width: 640, height: 400 });
    // Screenshot 1 is taken after the click: the counter changed, so the pixels did.
    expect(readFileSync(join(out, 'evalpoints', '1.png')).equals(readFileSync(join(out, 'evalpoints', '0.png')))).toBe(false);

    const rep = JSON.parse(readFileSync(join(out, 'replay.json'), 'utf8')) as ReplayJson;
    expect(rep.task).toBe(1);
    expect(rep.summary).toMatchObject({ steps: 3, done: 3, failedAt: null, resolution: { width: 640, height: 400 } });
    expect(rep.records.map((x) => [x.k, x.step, x.status, x.screenshot])).toEqual([
      [0, null, 'ok', 'evalpoints/0.png'],
      [1, 0, 'ok', 'evalpoints/1.png'],
      [2, 1, 'ok', 'evalpoints/2.png'],
      [3, 2, 'ok', 'evalpoints/3.png'],
    ]);
    // The logo and the badge came from the task's assets through the app.
    expect(rep.records[0]?.missingAssets).toEqual([]);
    expect(rep.records[0]?.errors).toEqual([]);
    expect(rep.records.slice(1).map((x) => [x.element?.xpath, x.element?.tag, x.reason])).toEqual([
      ['/html[1]/body[1]/main[1]/section[1]/button[1]', 'button', undefined],
      ['/html[1]/body[1]/main[1]/section[2]/form[1]/input[1]', 'input', undefined],
      ['/html[1]/body[1]/main[1]/section[2]/form[1]/input[1]', 'input', undefined],
    ]);
  }, 240_000);

  test('a broken candidate: the step fails with its reason, the replay stops there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'iwr-replay-broken-'));
    // The reference without its 'Add one' button: step 1 has nothing to click. (Relabelling
    // it is not enough: "Increment" is a synonym of "add" to the resolver.)
    const button = '<button class="btn" id="add">Add one</button>';
    const reference = readFileSync(REFERENCE, 'utf8');
    expect(reference).toContain(button);
    const html = join(dir, 'index.html');
    writeFileSync(html, reference.replace(button, ''));
    const out = join(dir, 'out');
    const r = await iwr(['replay', '--data', 'samples', '--task', '1', '--html', html, '--out', out]);
    expect(r.code, r.stderr).toBe(1);
    const line = JSON.parse(r.stdout.trim()) as { done: number; failedAt: number | null; reason: string | null; screenshots: number };
    expect(line).toMatchObject({ done: 0, failedAt: 0, screenshots: 1 });
    expect(line.reason).toMatch(/^step 1 \(Click\): no element matches "Click the blue 'Add one' button"/);

    expect(readdirSync(join(out, 'evalpoints'))).toEqual(['0.png']);
    expect(pngSize(join(out, 'evalpoints', '0.png'))).toEqual({ width: 640, height: 400 });
    const rep = JSON.parse(readFileSync(join(out, 'replay.json'), 'utf8')) as ReplayJson;
    expect(rep.summary).toMatchObject({ steps: 3, done: 0, failedAt: 0 });
    expect(rep.records.map((x) => [x.k, x.step, x.status])).toEqual([
      [0, null, 'ok'],
      [1, 0, 'failed'],
    ]);
    // The page's own script trips over the missing button at load: recorded, not fatal.
    expect(rep.records[0]?.errors.join('\n')).toMatch(/TypeError: .*addEventListener/);
    const failed = rep.records[1];
    expect(failed?.reason).toMatch(/^no element matches "Click the blue 'Add one' button"/);
    expect(failed?.screenshot).toBeUndefined();
    expect(existsSync(join(out, 'evalpoints', '1.png'))).toBe(false);
  }, 240_000);
});

describe('errors are one line', () => {
  test('no reachable DINO model: one line naming the test model, exit 2; --debug adds the stack', async () => {
    const html = `${repo}public/samples/results/1/reference/index.html`;
    const out = mkdtempSync(join(tmpdir(), 'iwr-nodino-'));
    const r = await iwr(['eval', '--data', 'samples', '--task', '1', '--html', html, '--out', out]);
    expect(r.code).toBe(2);
    const lines = r.stderr
      .trim()
      .split('\n')
      .filter((l) => !l.startsWith('iwr: building'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^iwr eval: task 1 \(.*\): The DINO model is not in this browser's cache.*--dino-model public\/models\/test-dinov2-tiny\.onnx/,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const d = await iwr(['eval', '--data', 'samples', '--task', '1', '--html', html, '--out', out, '--debug']);
    expect(d.code).toBe(2);
    expect(d.stderr).toMatch(/\n\s+at /);
  });
});
