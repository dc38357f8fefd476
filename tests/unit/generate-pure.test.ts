import { describe, expect, test } from 'vitest';
import { fitLongEdge, planFrames } from '../../src/generate/frame-plan.ts';
import { firstHtmlBlock, postprocessReply, removeIframes, stripFences } from '../../src/generate/postprocess.ts';
import { SseParser, readChatChunk } from '../../src/chat/sse.ts';
import { ASSETS_PLACEHOLDER, generationMessages, generationText } from '../../src/generate/prompt.ts';

describe('planFrames', () => {
  test('1 fps: one frame per started second, from 0', () => {
    expect(planFrames(5).timestamps).toEqual([0, 1, 2, 3, 4]);
    expect(planFrames(5.5).timestamps).toEqual([0, 1, 2, 3, 4, 5]);
    expect(planFrames(4.9999996).timestamps).toEqual([0, 1, 2, 3, 4]);
    expect(planFrames(0.4).timestamps).toEqual([0]);
    expect(planFrames(0).timestamps).toEqual([0]);
  });

  test('longer than the cap: the cap spread evenly from the first to the last frame', () => {
    const p = planFrames(100, { maxFrames: 5 }, 99.9);
    expect(p.spread).toBe(true);
    expect(p.uncapped).toBe(100);
    expect(p.timestamps).toEqual([0, 24.975, 49.95, 74.925, 99.9]);
    const d = planFrames(200); // default cap 64
    expect(d.timestamps).toHaveLength(64);
    expect(d.timestamps[0]).toBe(0);
    expect(d.timestamps[63]).toBe(199);
    const gaps = d.timestamps.slice(1).map((t, i) => t - (d.timestamps[i] ?? 0));
    for (const g of gaps) expect(g).toBeCloseTo(199 / 63, 5);
  });

  test('the sheets share the image cap and go first', () => {
    expect(planFrames(100, { sheetCount: 10 }).cap).toBe(60); // min(64, 70 - 10)
    expect(planFrames(100, { sheetCount: 3 }).cap).toBe(64);
    expect(planFrames(30, { sheetCount: 3, maxImages: 20, maxFrames: 20 }).timestamps).toHaveLength(17);
    const tooMany = planFrames(10, { sheetCount: 80 });
    expect(tooMany.sheets).toBe(70);
    expect(tooMany.timestamps).toEqual([]);
  });

  test('other frame rates', () => {
    expect(planFrames(2, { fps: 2 }).timestamps).toEqual([0, 0.5, 1, 1.5]);
    expect(planFrames(10, { maxFrames: 1 }).timestamps).toEqual([0]);
  });
});

test('fitLongEdge only shrinks', () => {
  expect(fitLongEdge(1920, 1080, 1000)).toEqual({ width: 1000, height: 563 });
  expect(fitLongEdge(390, 844, 1000)).toEqual({ width: 390, height: 844 });
  expect(fitLongEdge(1080, 1920, 1000)).toEqual({ width: 563, height: 1000 });
  expect(fitLongEdge(1920, 1080, undefined)).toEqual({ width: 1920, height: 1080 });
});

describe('post-processing', () => {
  test('the first html block wins', () => {
    const reply = 'Here it is:\n```html\n<p>one</p>\n```\nand another\n```html\n<p>two</p>\n```';
    expect(firstHtmlBlock(reply)).toBe('<p>one</p>\n');
    expect(postprocessReply(reply)).toEqual({ html: '<p>one</p>', fenced: true, iframesRemoved: 0 });
  });

  test('no fenced block: the whole reply, leftover fences stripped', () => {
    const out = postprocessReply('```\n<html><body>x</body></html>\n```');
    expect(out.fenced).toBe(false);
    expect(out.html).toBe('<html><body>x</body></html>');
    expect(stripFences('```html\n<p>a</p>')).toBe('\n<p>a</p>');
  });

  test('every iframe element is deleted, closed or not', () => {
    const html = '<div><iframe src="https://x.test/embed">inner</iframe><IFRAME\nsrc=a></IFRAME ><p>keep</p><iframe src=b /></div>';
    expect(removeIframes(html)).toBe('<div><p>keep</p></div>');
    expect(postprocessReply('```html\n' + html + '\n```').iframesRemoved).toBe(3);
  });

  test('the asset placeholder is kept for the sandbox to resolve', () => {
    const html = `<img src="${ASSETS_PLACEHOLDER}/asset_001.png" width="10" height="10">`;
    expect(postprocessReply('```html\n' + html + '\n```').html).toBe(html);
  });
});

describe('SSE', () => {
  test('events split anywhere reassemble; comments ignored; [DONE] ends', () => {
    const stream =
      'data: {"choices":[{"delta":{"content":"Hel"}}]}\n\n: ping\n\ndata: {"choices":[{"delta":{"content":"lo"},"finish_reason":"stop"}]}\r\n\r\ndata: [DONE]\n\n';
    for (const size of [1, 3, 7, 1000]) {
      const p = new SseParser();
      const events = [];
      for (let i = 0; i < stream.length; i += size) events.push(...p.feed(stream.slice(i, i + size)));
      events.push(...p.end());
      const chunks = events.map(readChatChunk);
      expect(chunks).toEqual([{ kind: 'delta', content: 'Hel' }, { kind: 'delta', content: 'lo', finishReason: 'stop' }, { kind: 'done' }]);
    }
  });

  test('multi-line data, a last event without a blank line, errors', () => {
    const p = new SseParser();
    expect(p.feed('event: x\ndata: a\ndata: b\n\n')).toEqual([{ event: 'x', data: 'a\nb' }]);
    expect(p.feed('data: {"error":{"message":"overloaded"}}')).toEqual([]);
    const [last] = p.end();
    expect(last && readChatChunk(last)).toEqual({ kind: 'error', message: 'overloaded' });
    expect(readChatChunk({ data: 'not json' }).kind).toBe('error');
  });
});

describe('generation request', () => {
  const text = generationText({ resolution: { width: 390, height: 844 }, sheetCount: 2, frameCount: 12 });
  test('states every official requirement', () => {
    expect(text).toContain('390x844');
    expect(text).toMatch(/single index\.html/);
    expect(text).toMatch(/Do not load any external library, stylesheet, script or web font/);
    expect(text).toMatch(/fake it in JavaScript with static data/);
    expect(text).toContain('class "btn"');
    expect(text).toContain(`${ASSETS_PLACEHOLDER}/`);
    expect(text).toMatch(/Every <img> must carry width and height/);
    expect(text).toMatch(/exactly one fenced code block that starts with ```html/);
    expect(text).toMatch(/2 contact sheet/);
    expect(text).toMatch(/12 frames/);
  });

  test('text, then sheets, then frames', () => {
    const [msg] = generationMessages(
      { resolution: { width: 1, height: 1 }, sheetCount: 1, frameCount: 2 },
      ['data:s1'],
      ['data:f1', 'data:f2'],
    );
    const parts = Array.isArray(msg?.content) ? msg.content : [];
    expect(parts.map((p) => (p.type === 'text' ? 'text' : p.image_url.url))).toEqual(['text', 'data:s1', 'data:f1', 'data:f2']);
  });
});
