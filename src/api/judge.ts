// window.iwr entry points for judges, the human queue, frame sampling and generation.
// Everything returned is plain data (images as object URLs, or data: URLs on request) so the
// CLI and browser tests can drive it through page.evaluate.
import { registerApi } from './index.ts';
import {
  configureJudge,
  getJudgeConfig,
  getJudgeKey,
  publicConfig,
  type JudgeConfigInput,
  type PublicJudgeConfig,
} from '../judge/config.ts';
import { judgeAssertion, judgeStats, judgeVisual, resetJudgeStats, type JudgeOptions, type JudgeStats } from '../judge/judge.ts';
import { answerHumanAssertion, answerHumanVisual, humanProgress, pendingHumanItems, type HumanItem } from '../judge/human-queue.ts';
import { countVerdicts, type AssertionVerdict, type VerdictCounts, type VisualVerdict } from '../judge/verdicts.ts';
import { RUBRIC, type RubricScores } from '../judge/templates.ts';
import { redact } from '../chat/secrets.ts';
import { exportJudgments, clearJudgments, type JudgmentRecord } from '../data/judgments.ts';
import { sampleVideoFrames, type SampleOptions, type SampledVideo } from '../generate/frames.ts';
import { generateCandidate, type GenerateInput, type GenerateProgress, type GenerateResult } from '../generate/generate.ts';
import { blobDataUrl, imageBlob } from '../chat/images.ts';

export interface ApiImage {
  width?: number;
  height?: number;
  url: string;
  bytes: number;
}

export interface ApiFrame extends ApiImage {
  index: number;
  time: number;
  frameTime: number;
}

export interface ApiHumanItem extends Omit<HumanItem, 'images'> {
  images: { label: string; url: string }[];
}

export interface ApiSampledVideo extends Omit<SampledVideo, 'frames'> {
  timestamps: number[];
  frames: ApiFrame[];
}

export interface ApiGenerateInput extends Omit<GenerateInput, 'video' | 'sheets' | 'onProgress' | 'signal'> {
  video: string;
  sheets: string[];
  /** Return frames and sheets as data: URLs (else object URLs of this page). */
  dataUrls?: boolean;
}

export interface ApiGenerateResult extends Omit<GenerateResult, 'frames' | 'sheets'> {
  frames: ApiFrame[];
  sheets: ApiImage[];
  progress: GenerateProgress[];
}

async function urlOf(blob: Blob, dataUrl: boolean): Promise<string> {
  return dataUrl ? blobDataUrl(blob) : URL.createObjectURL(blob);
}

async function framesOut(frames: SampledVideo['frames'], dataUrls: boolean): Promise<ApiFrame[]> {
  return Promise.all(
    frames.map(async (f) => ({
      index: f.index,
      time: f.time,
      frameTime: f.frameTime,
      width: f.width,
      height: f.height,
      bytes: f.png.size,
      url: await urlOf(f.png, dataUrls),
    })),
  );
}

declare module './index.ts' {
  interface IwrApi {
    /** Sets the judge (kind, endpoint, model, key, retry policy, templates); returns it without the key. */
    configureJudge(input: JudgeConfigInput): Promise<PublicJudgeConfig>;
    judgeConfig(): Promise<PublicJudgeConfig>;
    /** HFS of one pair: reference first, candidate second. Images: URLs (http, data:, blob:). */
    judgeVisual(reference: string, candidate: string, opts?: Omit<JudgeOptions, 'signal'>): Promise<VisualVerdict>;
    judgeAssertion(before: string, after: string, assertion: string, opts?: Omit<JudgeOptions, 'signal'>): Promise<AssertionVerdict>;
    judgeStats(): JudgeStats;
    resetJudgeStats(): void;
    countVerdicts(verdicts: (VisualVerdict | AssertionVerdict)[]): VerdictCounts;
    /** Answered judgments as JSON (no key, no images). */
    exportJudgments(): Promise<string>;
    clearJudgments(): Promise<number>;
    /** Replaces any known key in the text with [redacted]. */
    redactSecrets(text: string): string;
    humanRubric(): typeof RUBRIC;
    humanQueue(): Promise<ApiHumanItem[]>;
    humanNext(): Promise<ApiHumanItem | null>;
    humanProgress(): Promise<{ pending: number; answered: number }>;
    humanAnswerAssertion(id: string, answer: 'Yes' | 'No', note?: string): Promise<JudgmentRecord>;
    humanAnswerVisual(id: string, parts: RubricScores): Promise<JudgmentRecord>;
    /** Frames of a video at the generation plan's times. */
    sampleFrames(videoUrl: string, opts?: Omit<SampleOptions, 'signal'> & { dataUrls?: boolean }): Promise<ApiSampledVideo>;
    /** Generates a candidate with a model; saved as a candidate when taskKey is given. */
    generate(input: ApiGenerateInput): Promise<ApiGenerateResult>;
  }
}

async function humanOut(items: HumanItem[]): Promise<ApiHumanItem[]> {
  return items.map(({ images, ...rest }) => ({
    ...rest,
    images: images.map((b, i) => ({ label: rest.labels[i] ?? `Image ${i + 1}`, url: URL.createObjectURL(b) })),
  }));
}

registerApi({
  configureJudge,
  async judgeConfig() {
    return publicConfig(await getJudgeConfig(), await getJudgeKey());
  },
  judgeVisual: (reference, candidate, opts) => judgeVisual(reference, candidate, opts),
  judgeAssertion: (before, after, assertion, opts) => judgeAssertion(before, after, assertion, opts),
  judgeStats,
  resetJudgeStats,
  countVerdicts,
  exportJudgments,
  clearJudgments,
  redactSecrets: redact,
  humanRubric: () => RUBRIC,
  async humanQueue() {
    return humanOut(await pendingHumanItems());
  },
  async humanNext() {
    const [first] = await pendingHumanItems();
    return first ? ((await humanOut([first]))[0] ?? null) : null;
  },
  humanProgress,
  humanAnswerAssertion: (id, answer, note) => answerHumanAssertion(id, answer, note),
  humanAnswerVisual: (id, parts) => answerHumanVisual(id, parts),
  async sampleFrames(videoUrl, opts = {}) {
    const { dataUrls = false, ...rest } = opts;
    const out = await sampleVideoFrames(await imageBlob(videoUrl), rest);
    const { frames, ...info } = out;
    return { ...info, timestamps: out.plan.timestamps, frames: await framesOut(frames, dataUrls) };
  },
  async generate(input) {
    const { dataUrls = false, ...rest } = input;
    const progress: GenerateProgress[] = [];
    const out = await generateCandidate({ ...rest, onProgress: (p) => progress.push(p) });
    const { frames, sheets, ...info } = out;
    return {
      ...info,
      frames: await framesOut(frames, dataUrls),
      sheets: await Promise.all(sheets.map(async (b) => ({ bytes: b.size, url: await urlOf(b, dataUrls) }))),
      progress,
    };
  },
});
