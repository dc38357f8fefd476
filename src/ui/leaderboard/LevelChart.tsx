// Final score by interaction level, one series per model (uPlot). Levels are categories on
// the x axis (1..n); a level a model has no task in is a gap, not a zero.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ModelRow } from './aggregate.ts';

const COLOURS = ['#6ea8fe', '#5ad07a', '#fcc419', '#ff8f8f', '#c8a6ff', '#63e6be', '#ffa94d', '#f783ac'];

export function LevelChart({ rows, levels, metric }: { rows: ModelRow[]; levels: string[]; metric: 'Final' | 'IFS' | 'VFS' }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || !levels.length) return;
    const xs = levels.map((_, i) => i + 1);
    const data: uPlot.AlignedData = [xs, ...rows.map((r) => levels.map((l) => (r.byLevel[l] ? r.byLevel[l].mean[metric] * 100 : null)))];
    const axis = { stroke: '#a3acba', grid: { stroke: '#2a2f3a', width: 1 }, ticks: { stroke: '#2a2f3a', width: 1 } };
    const opts: uPlot.Options = {
      width: el.clientWidth,
      height: 240,
      scales: { x: { time: false, range: [0.5, levels.length + 0.5] }, y: { range: [0, 100] } },
      axes: [
        { ...axis, splits: () => xs, values: (_u, vals) => vals.map((v) => levels[Math.round(v) - 1] ?? '') },
        { ...axis, values: (_u, vals) => vals.map((v) => `${v}%`), size: 50 },
      ],
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
      series: [
        { label: 'Level', value: (_u, v) => (v == null ? '' : (levels[Math.round(v) - 1] ?? '')) },
        ...rows.map((r, i) => ({
          label: r.model,
          stroke: COLOURS[i % COLOURS.length],
          width: 2,
          points: { size: 8, fill: COLOURS[i % COLOURS.length] },
          spanGaps: false,
          value: (_u: uPlot, v: number | null) => (v == null ? '—' : `${v.toFixed(2)}%`),
        })),
      ],
    };
    const plot = new uPlot(opts, data, el);
    const ro = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: 240 }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      plot.destroy();
    };
  }, [rows, levels, metric]);
  return <div ref={box} className="level-chart" role="img" aria-label={`${metric} by interaction level for ${rows.length} models`} />;
}
