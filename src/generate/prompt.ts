// The generation request (IWR-SPEC "Generation"), in our own words. Every requirement the
// official request states is here; the wording is ours. Pure: images arrive as data: URLs.
import type { ChatContentPart, ChatMessage } from '../chat/types.ts';

export const ASSETS_PLACEHOLDER = '__PLACEHOLDER_ASSETS_BASE_DIR__';
export const GENERATION_PROMPT_VERSION = 'generate@1';

export interface GenerationPromptInput {
  resolution: { width: number; height: number };
  sheetCount: number;
  frameCount: number;
  /** Seconds between frames as sent (1 at 1 fps; larger when frames were spread over a long video). */
  frameInterval?: number;
}

export function generationText(p: GenerationPromptInput): string {
  const { width, height } = p.resolution;
  const interval = p.frameInterval && p.frameInterval > 0 ? p.frameInterval : 1;
  const every =
    Math.abs(interval - 1) < 1e-6
      ? 'one frame per second'
      : `one frame about every ${interval.toFixed(2)} seconds, spread over the whole recording`;
  return [
    'You are rebuilding a real website from a screen recording of a person using it.',
    '',
    'What you are given, in this order:',
    `1. ${p.sheetCount} contact sheet image(s) of the site's static assets. Each thumbnail is labelled with its file name.`,
    `2. ${p.frameCount} frames of the recording, in time order (${every}).`,
    `The recording was made in a browser viewport of ${width}x${height} pixels.`,
    '',
    'Write a single index.html that reproduces both how the site looks and how it behaves in the recording:',
    '- Everything lives in that one file: HTML, CSS in <style>, JavaScript in <script>. Do not load any external library, stylesheet, script or web font.',
    '- Where the site would talk to a server (search, login, cart, form submission, ...), fake it in JavaScript with static data so the same interactions work.',
    '- Give every element a user can click the class "btn" (add it next to any other classes).',
    `- Use the provided assets by file name, always through the prefix ${ASSETS_PLACEHOLDER}/, for example <img src="${ASSETS_PLACEHOLDER}/asset_001.png" width="120" height="80">. Every <img> must carry width and height attributes.`,
    `- Lay the page out for the ${width}x${height} viewport.`,
    '',
    'Reply with the complete file as exactly one fenced code block that starts with ```html and ends with ```.',
  ].join('\n');
}

/** One user message: the instructions, then the sheets, then the frames (the official order). */
export function generationMessages(p: GenerationPromptInput, sheetUrls: readonly string[], frameUrls: readonly string[]): ChatMessage[] {
  const content: ChatContentPart[] = [{ type: 'text', text: generationText(p) }];
  for (const url of sheetUrls) content.push({ type: 'image_url', image_url: { url } });
  for (const url of frameUrls) content.push({ type: 'image_url', image_url: { url } });
  return [{ role: 'user', content }];
}
