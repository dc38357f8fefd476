// The pure halves of check authoring: a model's draft (the prompt, and its reply read with the
// checks parser: fenced blocks, bare JSON, prose around it, garbage) and a check tried against a
// reference checkpoint's OCR text before it is saved (text leaves only, three-valued logic).
import { describe, expect, test } from 'vitest';
import { buildDraftPrompt, parseDraftReply } from '../../src/checks/draft.ts';
import { ocrContains, textLeavesAgainstOcr } from '../../src/checks/reference.ts';
import type { Check } from '../../src/checks/types.ts';

describe('draft prompt', () => {
  const input = {
    step: 2,
    action: { type: 'Type', parameters: { description: "Type 'Ada' into the name field", text: 'Ada' } },
    assertion: "The greeting 'Hello, Ada!' should appear",
    images: 1,
  };

  test('names the step, its value and the assertion, and documents every leaf kind', () => {
    const p = buildDraftPrompt(input);
    expect(p).toContain('Step 3: type Type');
    expect(p).toContain(`description "Type 'Ada' into the name field"`);
    expect(p).toContain('typed text "Ada"');
    expect(p).toContain(`"The greeting 'Hello, Ada!' should appear"`);
    expect(p).toContain('image shows the reference page right after this step');
    for (const kind of ['text', 'count', 'value', 'state', 'visible', 'title', 'hash', 'number', 'restyled', 'changed'])
      expect(p).toContain(`"kind": "${kind}"`);
    expect(p).toMatch(/"all"[\s\S]*"any"[\s\S]*"not"/);
  });

  test('says when no screenshot comes with it, and the number when several do', () => {
    expect(buildDraftPrompt({ ...input, images: 0 })).toContain('No screenshot of the reference page');
    expect(buildDraftPrompt({ ...input, images: 2 })).toContain('The 2 images show');
  });
});

describe('draft reply', () => {
  const check = { kind: 'text', text: 'Hello, Ada!' };

  test('bare JSON', () => {
    expect(parseDraftReply(JSON.stringify(check))).toEqual({ ok: true, check });
  });

  test('a fenced ```json block with prose around it', () => {
    const reply = `Here is the check:\n\n\`\`\`json\n${JSON.stringify({ all: [check, { not: { kind: 'text', text: 'Error' } }] }, null, 2)}\n\`\`\`\nIt holds when the greeting shows.`;
    expect(parseDraftReply(reply)).toEqual({ ok: true, check: { all: [check, { not: { kind: 'text', text: 'Error' } }] } });
  });

  test('a fence without a language, and a first fence that is not JSON', () => {
    expect(parseDraftReply('```\n{"kind": "hash", "equals": "#top"}\n```')).toEqual({ ok: true, check: { kind: 'hash', equals: '#top' } });
    const reply = '```text\nnot json\n```\nthen\n```json\n{"kind": "title", "contains": "Cart"}\n```';
    expect(parseDraftReply(reply)).toEqual({ ok: true, check: { kind: 'title', contains: 'Cart' } });
  });

  test('JSON inside prose without a fence (braces inside strings kept)', () => {
    expect(parseDraftReply('Sure! {"kind": "text", "text": "a {b} c"} is my answer.')).toEqual({
      ok: true,
      check: { kind: 'text', text: 'a {b} c' },
    });
  });

  test('an entry is unwrapped to its check', () => {
    const entry = { step: 2, assertion: 'x', check, provenance: { by: 'model', created: '2026-12-01' } };
    expect(parseDraftReply(JSON.stringify(entry))).toEqual({ ok: true, check });
  });

  test('garbage: no JSON at all', () => {
    expect(parseDraftReply('I cannot help with that.')).toEqual({ ok: false, problem: 'the reply holds no JSON object' });
    expect(parseDraftReply('')).toMatchObject({ ok: false });
    expect(parseDraftReply('{"kind": "text", "text": ')).toEqual({ ok: false, problem: 'the reply holds no JSON object' });
  });

  test('JSON that is not a valid check names the JSON path, as the checks parser does', () => {
    expect(parseDraftReply('{"kind": "number", "target": {"description": "badge"}, "op": "==", "value": 1}')).toEqual({
      ok: false,
      problem: 'check.op must be one of = != < <= > >=',
    });
    expect(parseDraftReply('```json\n{"all": [{"kind": "text"}]}\n```')).toEqual({
      ok: false,
      problem: 'check.all[0].text must be a non-empty string',
    });
    expect(parseDraftReply('[1, 2]')).toMatchObject({ ok: false, problem: expect.stringContaining('must be an object') });
  });
});

describe('a check against the reference OCR text', () => {
  const ocr = 'tiny tally count:1 add one your name hello, ada!';

  test('text is found as verdicts compare it: case, spacing and quotes ignored; OCR-split words too', () => {
    expect(ocrContains(ocr, 'Count: 1')).toBe(true);
    expect(ocrContains(ocr, 'HELLO,   Ada!')).toBe(true);
    expect(ocrContains('it’s here', "it's here")).toBe(true);
    expect(ocrContains(ocr, 'Count: 2')).toBe(false);
  });

  test('a text leaf that holds, one that fails', () => {
    expect(textLeavesAgainstOcr({ kind: 'text', text: 'Count: 1' }, ocr)).toEqual({
      result: 'holds',
      leaves: [{ path: 'check', text: 'Count: 1', present: true, seen: true, result: 'holds' }],
    });
    expect(textLeavesAgainstOcr({ kind: 'text', text: 'Count: 2' }, ocr).result).toBe('fails');
    expect(textLeavesAgainstOcr({ kind: 'text', text: 'Add one', present: false }, ocr).result).toBe('fails');
    expect(textLeavesAgainstOcr({ kind: 'text', text: 'Goodbye', present: false }, ocr).result).toBe('holds');
  });

  test('leaves a picture cannot answer are unknown, and never flag a check alone', () => {
    const within: Check = { kind: 'text', text: 'nowhere', within: { description: 'the header' } };
    expect(textLeavesAgainstOcr(within, ocr)).toEqual({ result: 'unknown', leaves: [] });
    expect(textLeavesAgainstOcr({ kind: 'number', target: { text: 'Count' }, op: '=', change: 1 }, ocr).result).toBe('unknown');
    // On the page but maybe out of view: not seen is unknown, seen decides.
    expect(textLeavesAgainstOcr({ kind: 'text', text: 'Footer', where: 'page' }, ocr).result).toBe('unknown');
    expect(textLeavesAgainstOcr({ kind: 'text', text: 'Add one', where: 'page', present: false }, ocr).result).toBe('fails');
  });

  test('all / any / not in three-valued logic', () => {
    const unknown: Check = { kind: 'hash', equals: '#x' };
    const yes: Check = { kind: 'text', text: 'Count: 1' };
    const no: Check = { kind: 'text', text: 'Count: 2' };
    const r = (c: Check) => textLeavesAgainstOcr(c, ocr).result;
    expect(r({ all: [yes, unknown] })).toBe('unknown');
    expect(r({ all: [no, unknown] })).toBe('fails');
    expect(r({ all: [yes, yes] })).toBe('holds');
    expect(r({ any: [no, unknown] })).toBe('unknown');
    expect(r({ any: [no, yes] })).toBe('holds');
    expect(r({ any: [no, no] })).toBe('fails');
    expect(r({ not: yes })).toBe('fails');
    expect(r({ not: unknown })).toBe('unknown');
    const trial = textLeavesAgainstOcr({ all: [yes, { not: no }] }, ocr);
    expect(trial.result).toBe('holds');
    expect(trial.leaves.map((l) => [l.path, l.result])).toEqual([
      ['check.all[0]', 'holds'],
      ['check.all[1].not', 'fails'],
    ]);
  });
});
