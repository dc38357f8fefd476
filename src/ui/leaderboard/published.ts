// The published IWR-Bench figures (IWR-SPEC "Published results"; percent; the judge was
// Gemini-2.5-Pro). Shown beside ours as reference rows, never mixed into our averages.
export interface PublishedRow {
  model: string;
  LFS: number;
  HFS: number;
  IFS: number;
  VFS: number;
  Final: number;
}

export const PUBLISHED: readonly PublishedRow[] = [
  { model: 'GPT-5', LFS: 68.29, HFS: 60.21, IFS: 24.39, VFS: 64.25, Final: 36.35 },
  { model: 'Claude-Sonnet-4 (thinking)', LFS: 64.9, HFS: 55.51, IFS: 23.65, VFS: 60.2, Final: 34.62 },
  { model: 'Claude-Opus-4 (thinking)', LFS: 63.53, HFS: 53.8, IFS: 23.61, VFS: 58.67, Final: 34.13 },
  { model: 'Doubao-seed-1.6', LFS: 65.95, HFS: 55.62, IFS: 22.55, VFS: 60.79, Final: 34.02 },
  { model: 'GPT-4.1', LFS: 63.07, HFS: 54.63, IFS: 20.48, VFS: 58.85, Final: 31.99 },
  { model: 'Qwen3-VL (thinking)', LFS: 58.55, HFS: 46.13, IFS: 22.07, VFS: 52.34, Final: 31.15 },
  { model: 'Gemini-2.5-Pro', LFS: 57.46, HFS: 48.91, IFS: 20.51, VFS: 53.18, Final: 30.31 },
  { model: 'GPT-4o (latest)', LFS: 63.39, HFS: 51.71, IFS: 17.55, VFS: 57.55, Final: 29.55 },
  { model: 'Qwen2.5-VL-72B', LFS: 47.83, HFS: 28.25, IFS: 17.42, VFS: 38.04, Final: 23.61 },
  { model: 'InternVideo-2.5-Chat-8B', LFS: 17.27, HFS: 3.33, IFS: 9.97, VFS: 10.3, Final: 10.07 },
];

export const PUBLISHED_NOTE = '10 of the 28 published models; 113 tasks; judge Gemini-2.5-Pro (IWR-Bench, arXiv 2509.24709).';
