// The sample suite ships a judge-free check for every logical assertion of every task
// (public/samples/dataset/data/<id>/checks.json), each valid and written for the current text.
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { checksForSteps, parseChecksFile } from '../../src/checks/parse.ts';
import type { Step } from '../../src/task/types.ts';

const dataset = 'public/samples/dataset';
const tasks = readFileSync(`${dataset}/data.jsonl`, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as { id: number; action_sequence: Step[] });

test.each(tasks.map((t) => [t.id, t] as const))('task %s: a valid check for every assertion', (id, task) => {
  const file = `${dataset}/data/${id}/checks.json`;
  expect(existsSync(file), `${file} is missing`).toBe(true);
  const parsed = parseChecksFile(readFileSync(file, 'utf8'), file);
  expect(parsed.problems).toEqual([]);
  const { byStep, problems } = checksForSteps(parsed.entries, task.action_sequence, file);
  expect(problems).toEqual([]);
  const withAssertion = task.action_sequence.flatMap((s, i) =>
    typeof s.logical_assertion === 'string' && s.logical_assertion.trim() ? [i] : [],
  );
  expect([...byStep.keys()].sort((a, b) => a - b)).toEqual(withAssertion);
});
