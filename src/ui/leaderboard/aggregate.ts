// Runs grouped by model name across tasks: the latest run per (model, task) counts, each
// model's figures are the official per-column means (scoring's modelMean), and a breakdown
// by interaction level uses the same means over that level's tasks.
import { modelMean, type Scores } from '../../scoring/metrics.ts';
import type { RunView } from '../results/run-view.ts';

export interface ModelRow {
  model: string;
  tasks: number;
  mean: Scores;
  byLevel: Record<string, { tasks: number; mean: Scores }>;
  runs: RunView[];
  latest: number;
}

/** "L3" out of "L3", "L3: forms", "Level 3"; unknown levels are "?". */
export function levelKey(level: string | undefined): string {
  if (!level) return '?';
  const m = /(?:^|\b)L(?:evel)?\s*(\d+)/i.exec(level);
  return m ? `L${m[1]}` : level;
}

export function aggregate(runs: readonly RunView[], levelOf: (r: RunView) => string | undefined): ModelRow[] {
  const byModel = new Map<string, Map<string, RunView>>();
  for (const r of runs) {
    const tasks = byModel.get(r.model) ?? new Map<string, RunView>();
    const old = tasks.get(r.taskKey);
    if (!old || r.createdAt > old.createdAt) tasks.set(r.taskKey, r);
    byModel.set(r.model, tasks);
  }
  const rows: ModelRow[] = [];
  for (const [model, tasks] of byModel) {
    const list = [...tasks.values()];
    const levels = new Map<string, RunView[]>();
    for (const r of list) {
      const k = levelKey(levelOf(r));
      levels.set(k, [...(levels.get(k) ?? []), r]);
    }
    const byLevel: ModelRow['byLevel'] = {};
    for (const [k, rs] of levels) byLevel[k] = { tasks: rs.length, mean: modelMean(rs.map((r) => r.scores)) };
    rows.push({
      model,
      tasks: list.length,
      mean: modelMean(list.map((r) => r.scores)),
      byLevel,
      runs: list,
      latest: Math.max(...list.map((r) => r.createdAt)),
    });
  }
  return rows.sort((a, b) => b.mean.Final - a.mean.Final || a.model.localeCompare(b.model));
}

export function allLevels(rows: readonly ModelRow[]): string[] {
  const set = new Set<string>();
  for (const r of rows) for (const k of Object.keys(r.byLevel)) set.add(k);
  return [...set].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}
