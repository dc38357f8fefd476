// Judge reply parsing, case by case against the official rules.
import { describe, expect, it } from 'vitest';
import { parseAssertionReply, parseHfsReply } from '../../src/scoring/judge-parse.ts';

describe('parseAssertionReply', () => {
  const cases: [string, string, 'Yes' | 'No' | 'Error', 'json' | 'text'][] = [
    ['plain JSON Yes', '{"think": "the banner shows", "result": "Yes"}', 'Yes', 'json'],
    ['plain JSON No', '  {"think": "nothing", "result": "No"}\n', 'No', 'json'],
    ['```json fence', 'Here:\n```json\n{"think": "x", "result": "No"}\n```\nYes indeed', 'No', 'json'],
    ['bare ``` fence', '```\n{"result": "Yes"}\n```', 'Yes', 'json'],
    // JSON parsed but result is not exactly Yes/No: Error, no text fallback.
    ['lower-case result', '{"think": "Yes it is", "result": "yes"}', 'Error', 'json'],
    ['missing result', '{"think": "Yes"}', 'Error', 'json'],
    // Not JSON: the text fallback, "Yes" anywhere beats "No" anywhere.
    ['text with both', 'No doubt: Yes.', 'Yes', 'text'],
    ['text No', 'No, the message does not appear', 'No', 'text'],
    ['"Not" counts as No (case-sensitive substring)', 'It is Not shown', 'No', 'text'],
    ['neither', 'the page looks unchanged', 'Error', 'text'],
    ['lower-case yes only', 'yes', 'Error', 'text'],
    // Parses, but to a non-object: Python .get raises, so the text fallback runs.
    ['JSON string', '"Yes"', 'Yes', 'text'],
    ['JSON list', '["No"]', 'No', 'text'],
    // Unclosed fence: Python slices to -1, dropping the last character "}" -> invalid JSON ->
    // text fallback finds "No".
    ['unclosed fence', '```json\n{"result": "No"}', 'No', 'text'],
  ];
  for (const [name, reply, result, via] of cases) {
    it(name, () => {
      const p = parseAssertionReply(reply);
      expect(p.result).toBe(result);
      expect(p.via).toBe(via);
    });
  }

  it('keeps the think text from the JSON', () => {
    expect(parseAssertionReply('{"think": "shown", "result": "Yes"}').thinking).toBe('shown');
  });
});

describe('parseHfsReply', () => {
  it('reads the score and divides by 100', () => {
    expect(parseHfsReply('Comments:\n-Layout (10 points): ok 8\n\nScore: 85/100')).toEqual({ score: 85, fraction: 0.85, matched: true });
  });
  it('is case-insensitive and lazy within one line', () => {
    expect(parseHfsReply('final score: about 7/100').score).toBe(7);
    expect(parseHfsReply('SCORE: 100/100').fraction).toBe(1);
  });
  it('does not cross a line break', () => {
    expect(parseHfsReply('Score:\n90/100')).toEqual({ score: 0, fraction: 0, matched: false });
  });
  it('unparseable -> 0, flagged as not matched', () => {
    expect(parseHfsReply('I cannot compare these images.')).toEqual({ score: 0, fraction: 0, matched: false });
    expect(parseHfsReply('Score: ${final score}/100').matched).toBe(false);
  });
  it('clamps to 100', () => {
    // "Score: 250/100": \d{1,3} takes 250 -> clamp 100.
    expect(parseHfsReply('Score: 250/100').score).toBe(100);
  });
  it('official mode takes the first score, "last" mode the last', () => {
    const reply = 'Content Score: 30/100 for text.\n...\nScore: 72/100';
    expect(parseHfsReply(reply).score).toBe(30);
    expect(parseHfsReply(reply, 'last').score).toBe(72);
  });
});
