import { describe, expect, test } from 'vitest';
import { allProblems, hasErrors, parseDataJsonl, parseResolutionText } from '../../src/task/parse.ts';
import { formatProblem, type Problem } from '../../src/task/types.ts';

const step = (over: Record<string, unknown> = {}) => ({
  type: 'Click',
  parameters: { description: 'Click the button' },
  visual_evaluation_flag: false,
  logical_assertion: null,
  ...over,
});
const task = (over: Record<string, unknown> = {}) => ({
  id: 1,
  source_website: 'https://example.com',
  classification: { interaction_complexity: 'L2', visual_complexity: 'low', domain: 'shop', sub_domain: 'books' },
  recording_details: { resolution: '1280x720', environment: 'desktop' },
  action_sequence: [step(), step({ type: 'Scroll', visual_evaluation_flag: true, parameters: { direction: 'down', scroll_page: true } })],
  ...over,
});
const jsonl = (...lines: unknown[]) => lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n');
const lines = (ps: readonly Problem[]) => ps.map(formatProblem);

describe('parseDataJsonl: valid input', () => {
  test('a clean file gives tasks with derived fields and no problems', () => {
    const parsed = parseDataJsonl(jsonl(task(), task({ id: 2, recording_details: { resolution: '390*844' } })));
    expect(allProblems(parsed)).toEqual([]);
    expect(parsed.tasks.map((t) => t.id)).toEqual(['1', '2']);
    expect(parsed.tasks[0]?.resolution).toEqual({ width: 1280, height: 720 });
    expect(parsed.tasks[0]?.resolutionFrom).toBe('data.jsonl');
    expect(parsed.tasks[1]?.resolution).toEqual({ width: 390, height: 844 });
    expect(parsed.tasks[0]?.flaggedSteps).toBe(1);
    expect(parsed.tasks[0]?.record.action_sequence[1]?.parameters.scroll_page).toBe(true);
  });

  test('unknown fields are kept at every level', () => {
    const parsed = parseDataJsonl(
      jsonl(
        task({
          extra_top: { a: 1 },
          classification: { domain: 'x', tag: 'new' },
          recording_details: { resolution: '1920x1080', fps: 30 },
          action_sequence: [step({ extra_step: [1, 2], parameters: { description: 'd', selector_hint: '#a' } })],
        }),
      ),
    );
    const r = parsed.tasks[0]!.record;
    expect(r.extra_top).toEqual({ a: 1 });
    expect(r.classification.tag).toBe('new');
    expect(r.recording_details.fps).toBe(30);
    expect(r.action_sequence[0]?.extra_step).toEqual([1, 2]);
    expect(r.action_sequence[0]?.parameters.selector_hint).toBe('#a');
  });

  test('BOM, CRLF and blank lines are accepted; line numbers stay those of the file', () => {
    const text =
      '\uFEFF' +
      [JSON.stringify(task()), '', '   ', JSON.stringify(task({ id: 5, action_sequence: [step({ type: 'Hover' })] }))].join('\r\n') +
      '\r\n';
    const parsed = parseDataJsonl(text);
    expect(parsed.tasks.map((t) => t.id)).toEqual(['1', '5']);
    expect(lines(allProblems(parsed))).toEqual([
      'data.jsonl line 4: action_sequence[0].type "Hover" is not one of Click, Type, Press, Scroll',
    ]);
  });

  test('resolution spellings', () => {
    expect(parseResolutionText('1920x1080')).toEqual({ width: 1920, height: 1080 });
    expect(parseResolutionText('1920*1080')).toEqual({ width: 1920, height: 1080 });
    expect(parseResolutionText(' 375 X 812 ')).toEqual({ width: 375, height: 812 });
    expect(parseResolutionText('wide')).toBeNull();
    expect(parseResolutionText('0x0')).toBeNull();
  });
});

describe('parseDataJsonl: every problem, with its place', () => {
  test('unknown step type: the task still loads, with an error naming line and path', () => {
    const seq = [step(), step(), step(), step({ type: 'Hover' })];
    const text = jsonl(...Array.from({ length: 16 }, (_, i) => task({ id: i + 1 })), task({ id: 17, action_sequence: seq }));
    const parsed = parseDataJsonl(text);
    expect(parsed.tasks).toHaveLength(17);
    const t17 = parsed.tasks.find((t) => t.id === '17')!;
    expect(t17.record.action_sequence[3]?.type).toBe('Hover');
    expect(lines(t17.problems)).toEqual(['data.jsonl line 17: action_sequence[3].type "Hover" is not one of Click, Type, Press, Scroll']);
    expect(hasErrors(t17.problems)).toBe(true);
  });

  test('missing resolution -> 1920x1080 with a warning; unusable -> error', () => {
    const parsed = parseDataJsonl(
      jsonl(
        task({ recording_details: { environment: 'desktop' } }),
        task({ id: 2, recording_details: { resolution: 'big' } }),
        task({ id: 3, recording_details: undefined }),
      ),
    );
    const [a, b, c] = parsed.tasks;
    expect(a?.resolution).toEqual({ width: 1920, height: 1080 });
    expect(a?.resolutionFrom).toBe('default');
    expect(a?.problems).toEqual([
      { severity: 'warning', file: 'data.jsonl', line: 1, path: 'recording_details.resolution', message: 'is missing; using 1920x1080' },
    ]);
    expect(lines(b!.problems)).toEqual([
      'data.jsonl line 2: recording_details.resolution "big" is not WIDTHxHEIGHT (e.g. "1920x1080"); using 1920x1080',
    ]);
    expect(b?.problems[0]?.severity).toBe('error');
    expect(c?.resolution).toEqual({ width: 1920, height: 1080 });
    expect(lines(c!.problems)).toEqual(['data.jsonl line 3: recording_details.resolution is missing; using 1920x1080']);
  });

  test('a line that is not JSON is skipped with an error and the others load', () => {
    const parsed = parseDataJsonl(jsonl(task(), '{"id": 2, "source_website": ', task({ id: 3 })));
    expect(parsed.tasks.map((t) => t.id)).toEqual(['1', '3']);
    expect(parsed.problems).toHaveLength(1);
    expect(formatProblem(parsed.problems[0]!)).toMatch(/^data\.jsonl line 2: is not valid JSON \(.+\); line skipped$/);
  });

  test('a line that is JSON but not an object is skipped', () => {
    const parsed = parseDataJsonl(jsonl('[1,2]', '42', task()));
    expect(lines(parsed.problems)).toEqual([
      'data.jsonl line 1: should be a JSON object (one task), found a list; line skipped',
      'data.jsonl line 2: should be a JSON object (one task), found an integer; line skipped',
    ]);
    expect(parsed.tasks).toHaveLength(1);
  });

  test('ids: missing, wrong type, duplicate, quoted digits', () => {
    const noId = task();
    delete (noId as Record<string, unknown>).id;
    const parsed = parseDataJsonl(jsonl(noId, task({ id: 1.5 }), task({ id: 'abc' }), task({ id: 7 }), task({ id: 7 }), task({ id: '8' })));
    expect(lines(parsed.problems)).toEqual([
      'data.jsonl line 1: id is missing; line skipped',
      'data.jsonl line 2: id should be a non-negative integer, found a number 1.5; line skipped',
      'data.jsonl line 3: id should be a non-negative integer, found a string "abc"; line skipped',
      'data.jsonl line 5: id 7 is a duplicate of line 4; line skipped',
    ]);
    expect(parsed.tasks.map((t) => t.id)).toEqual(['7', '8']);
    expect(parsed.tasks[1]?.record.id).toBe(8);
    expect(lines(parsed.tasks[1]!.problems)).toEqual(['data.jsonl line 6: id "8" is a string; the format uses an integer']);
    expect(parsed.tasks[1]?.problems[0]?.severity).toBe('warning');
  });

  test('wrong field types name their path', () => {
    const parsed = parseDataJsonl(
      jsonl(
        task({
          source_website: 3,
          classification: 'shop',
          recording_details: { resolution: 1920, environment: 5 },
          action_sequence: [
            step({ visual_evaluation_flag: 'yes', logical_assertion: 4 }),
            step({ type: 'Type', parameters: { text: 12, element_index: '2', description: 'd' } }),
            step({ type: 'Press', parameters: { key: null } }),
            step({ type: 'Scroll', parameters: { scroll_page: 'true' } }),
            'Click',
            step({ type: 7 }),
            step({ type: undefined, parameters: [] }),
          ],
        }),
      ),
    );
    const t = parsed.tasks[0]!;
    expect(lines(t.problems)).toEqual([
      'data.jsonl line 1: source_website should be a string, found an integer',
      'data.jsonl line 1: classification should be an object, found a string',
      'data.jsonl line 1: recording_details.resolution 1920 is not WIDTHxHEIGHT (e.g. "1920x1080"); using 1920x1080',
      'data.jsonl line 1: recording_details.environment should be a string, found an integer 5',
      'data.jsonl line 1: action_sequence[0].visual_evaluation_flag should be true or false, found a string "yes"; taken as false',
      'data.jsonl line 1: action_sequence[0].logical_assertion should be a string or null, found an integer; ignored',
      'data.jsonl line 1: action_sequence[1].parameters.text should be a string, found an integer 12',
      'data.jsonl line 1: action_sequence[1].parameters.element_index should be an integer, found a string "2"',
      'data.jsonl line 1: action_sequence[2].parameters.key should be a string, found null',
      'data.jsonl line 1: action_sequence[3].parameters.scroll_page should be true or false, found a string "true"',
      'data.jsonl line 1: action_sequence[4] should be an object, found a string; the step is kept and will fail at replay',
      'data.jsonl line 1: action_sequence[5].type should be a string, found an integer 7',
      'data.jsonl line 1: action_sequence[6].type is missing (one of Click, Type, Press, Scroll)',
      'data.jsonl line 1: action_sequence[6].parameters should be an object, found a list',
    ]);
    expect(t.record.action_sequence).toHaveLength(7);
    expect(t.flaggedSteps).toBe(0);
  });

  test('missing or wrong action_sequence, missing classification/source, missing flag', () => {
    const a = task({ id: 1 });
    delete (a as Record<string, unknown>).action_sequence;
    delete (a as Record<string, unknown>).classification;
    delete (a as Record<string, unknown>).source_website;
    const b = task({ id: 2, action_sequence: {} });
    const c = task({ id: 3, action_sequence: [] });
    const d = task({ id: 4, action_sequence: [{ type: 'Click', parameters: { description: 'x' } }] });
    const parsed = parseDataJsonl(jsonl(a, b, c, d));
    expect(parsed.tasks.flatMap((t) => lines(t.problems))).toEqual([
      'data.jsonl line 1: source_website is missing',
      'data.jsonl line 1: classification is missing',
      'data.jsonl line 1: action_sequence is missing',
      'data.jsonl line 2: action_sequence should be a list, found an object',
      'data.jsonl line 3: action_sequence is empty: the task has nothing to replay',
      'data.jsonl line 4: action_sequence[0].visual_evaluation_flag is missing; taken as false',
    ]);
    expect(parsed.tasks.map((t) => hasErrors(t.problems))).toEqual([true, true, false, false]);
    expect(parsed.tasks[3]?.record.action_sequence[0]?.logical_assertion).toBeNull();
  });

  test('an empty file and a custom file name', () => {
    expect(lines(parseDataJsonl('\n\n', 'sub/data.jsonl').problems)).toEqual(['sub/data.jsonl: holds no tasks']);
  });
});
