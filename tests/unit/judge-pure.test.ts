import { describe, expect, test } from 'vitest';
import { DEFAULT_RETRY, isRetryableStatus, normalisePolicy, parseRetryAfter, retryWait } from '../../src/chat/retry.ts';
import { BUILTIN_TEMPLATES, RUBRIC, judgeMessages, renderTemplate, rubricReply, rubricTotal } from '../../src/judge/templates.ts';
import { chatCompletionsUrl, completionText } from '../../src/chat/types.ts';
import { REDACTED, redact, redactDeep, registerSecret } from '../../src/chat/secrets.ts';
import { parseAssertionReply, parseHfsReply } from '../../src/scoring/judge-parse.ts';
import { countVerdicts } from '../../src/judge/verdicts.ts';

describe('retry policy', () => {
  test('Retry-After in seconds or as an HTTP date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter('0.5')).toBe(500);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
  });

  test('Retry-After wins over backoff, capped; backoff doubles, capped', () => {
    const p = { maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 350, maxRetryAfterMs: 5000 };
    expect(retryWait(2, p, 1000)).toEqual({ ms: 1000, why: 'retry-after' });
    expect(retryWait(2, p, 60_000)).toEqual({ ms: 5000, why: 'retry-after' });
    expect([2, 3, 4, 5].map((n) => retryWait(n, p, null).ms)).toEqual([100, 200, 350, 350]);
  });

  test('which statuses are retried', () => {
    expect([429, 500, 502, 503, 408].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 422].some(isRetryableStatus)).toBe(false);
    expect(normalisePolicy({ maxAttempts: 0 }).maxAttempts).toBe(1);
    expect(normalisePolicy(undefined)).toEqual(DEFAULT_RETRY);
  });
});

describe('templates', () => {
  test('the visual rubric has the official parts and points and ends with the score line', () => {
    expect(RUBRIC.map((r) => [r.label, r.max])).toEqual([
      ['Layout', 10],
      ['Elements', 15],
      ['Content and Text', 40],
      ['Style', 15],
      ['Overall', 20],
    ]);
    const t = BUILTIN_TEMPLATES.visual.text;
    for (const r of RUBRIC) expect(t).toContain(`${r.label} (${r.max} points)`);
    expect(t).toMatch(/FIRST image is the reference/);
    expect(t.trim().split('\n').slice(-2)[0]).toBe('Score: N/100');
    // The template itself must not look like a score to the official parser.
    expect(parseHfsReply(t).matched).toBe(false);
  });

  test('the assertion template asks for think + result JSON with the assertion inside', () => {
    const p = renderTemplate(BUILTIN_TEMPLATES.assertion, { assertion: "The cart badge should show '2'" });
    expect(p).toContain("Expected outcome: The cart badge should show '2'");
    expect(p).toMatch(/"think"/);
    expect(p).toMatch(/"result": "Yes"/);
    expect(p).toMatch(/previous screenshot/);
    expect(() => renderTemplate({ kind: 'assertion', version: 'custom', text: 'no placeholder' })).toThrow(/placeholder/);
  });

  test('messages: prompt, first image, second image', () => {
    const [m] = judgeMessages('P', 'data:ref', 'data:cand');
    expect(m?.content).toEqual([
      { type: 'text', text: 'P' },
      { type: 'image_url', image_url: { url: 'data:ref' } },
      { type: 'image_url', image_url: { url: 'data:cand' } },
    ]);
  });

  test("a person's rubric answer is checked and reads back through the official parser", () => {
    const parts = { layout: 8, elements: 12, content: 30, style: 10, overall: 15 };
    expect(rubricTotal(parts)).toBe(75);
    const reply = rubricReply(parts);
    expect(parseHfsReply(reply)).toEqual({ score: 75, fraction: 0.75, matched: true });
    expect(() => rubricTotal({ ...parts, content: 41 })).toThrow(/Content and Text.*0 to 40/);
    expect(() => rubricTotal({ ...parts, style: 2.5 })).toThrow(/whole number/);
    expect(() => rubricTotal({ layout: 1 })).toThrow(/Elements/);
    expect(parseAssertionReply(JSON.stringify({ think: 'x', result: 'No' })).result).toBe('No');
  });
});

describe('protocol helpers', () => {
  test('the request URL is the configured base plus the protocol path', () => {
    expect(chatCompletionsUrl('https://api.openai.com/v1')).toBe('https://api.openai.com/v1/chat/completions');
    expect(chatCompletionsUrl('http://127.0.0.1:8000/v1/')).toBe('http://127.0.0.1:8000/v1/chat/completions');
    expect(chatCompletionsUrl('https://x.test/v1beta/openai/chat/completions')).toBe('https://x.test/v1beta/openai/chat/completions');
    expect(() => chatCompletionsUrl('ftp://x')).toThrow(/not an http/);
  });

  test('reply text from a completion body', () => {
    expect(completionText({ choices: [{ message: { content: 'hi' } }] })).toBe('hi');
    expect(
      completionText({
        choices: [
          {
            message: {
              content: [
                { type: 'text', text: 'a' },
                { type: 'text', text: 'b' },
              ],
            },
          },
        ],
      }),
    ).toBe('ab');
    expect(completionText({ choices: [] })).toBeNull();
    expect(completionText('nope')).toBeNull();
  });

  test('redaction removes registered keys and bearer tokens everywhere', () => {
    registerSecret('sk-test-SECRET-123');
    expect(redact('key sk-test-SECRET-123 leaked')).toBe(`key ${REDACTED} leaked`);
    expect(redact('Authorization: Bearer abcdefghijkl')).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactDeep({ a: ['x sk-test-SECRET-123'], n: 1 })).toEqual({ a: [`x ${REDACTED}`], n: 1 });
  });

  test('verdict counts', () => {
    const c = countVerdicts([
      { judge: 'mllm', status: 'ok', raw: '', cached: true },
      { judge: 'mllm', status: 'error', raw: 'Error: x', cached: false },
      { judge: 'human', status: 'pending', raw: null, cached: false },
    ]);
    expect(c).toEqual({ total: 3, ok: 1, unparsed: 0, error: 1, pending: 1, unjudged: 0, cached: 1 });
  });
});
