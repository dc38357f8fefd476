// The build-time thumbnail maker (scripts/build/thumbnail.mjs): PNG rows under every filter
// type decode to the pixels written, alpha is composited over white, the downscale averages,
// and the JPEG is well formed with the thumbnail's size. (The browser decodes the samples'
// thumbnails in tests/browser/quiet-load.test.ts.)
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { decodePng, encodeJpeg, shrink, thumbnailJpeg } from '../../scripts/build/thumbnail.mjs';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  return Buffer.concat([head, data, Buffer.alloc(4)]); // the decoder does not check CRCs
}

/** An RGBA PNG whose row y uses filter y % 5, encoded as the spec defines each filter. */
function pngWithEveryFilter(width: number, height: number, pixel: (x: number, y: number) => number[]): Buffer {
  const bpp = 4;
  const stride = width * bpp;
  const rows = Array.from({ length: height }, (_, y) => Buffer.from(Array.from({ length: width }, (_, x) => pixel(x, y)).flat()));
  const raw: number[] = [];
  rows.forEach((row, y) => {
    const filter = y % 5;
    raw.push(filter);
    const up = y > 0 ? rows[y - 1]! : Buffer.alloc(stride);
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? row[i - bpp]! : 0;
      const b = up[i]!;
      const c = i >= bpp ? up[i - bpp]! : 0;
      const p = a + b - c;
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predicted = [0, a, b, (a + b) >> 1, paeth][filter]!;
      raw.push((row[i]! - predicted) & 0xff);
    }
  });
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from(raw))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('build-time thumbnails', () => {
  test('every PNG filter type decodes to the pixels written; alpha over white', () => {
    const pixel = (x: number, y: number) => [(x * 37 + y * 11) % 256, (x * 5 + y * 53) % 256, (x * y * 7) % 256, 255];
    const img = decodePng(pngWithEveryFilter(13, 10, pixel));
    expect([img.width, img.height]).toEqual([13, 10]);
    for (let y = 0; y < 10; y++)
      for (let x = 0; x < 13; x++) expect([...img.rgb.subarray((y * 13 + x) * 3, (y * 13 + x) * 3 + 3)]).toEqual(pixel(x, y).slice(0, 3));
    const half = decodePng(pngWithEveryFilter(2, 1, () => [0, 0, 0, 128]));
    expect([...half.rgb]).toEqual([127, 127, 127, 127, 127, 127]);
  });

  test('the downscale averages areas and keeps the top rows', () => {
    const img = { width: 4, height: 4, rgb: new Uint8Array(48) };
    for (let i = 0; i < 16; i++) img.rgb.fill(i % 2 ? 200 : 0, i * 3, i * 3 + 3); // columns alternate black and light
    const small = shrink(img, 2, 1);
    expect([small.width, small.height]).toEqual([2, 1]);
    expect([...small.rgb]).toEqual([100, 100, 100, 100, 100, 100]);
  });

  test('a checkpoint becomes a small baseline JPEG of the 16:10 box', () => {
    const png = readFileSync('public/samples/dataset/data/10/checkpoints/step_0.png'); // 1920x1080
    const jpeg = thumbnailJpeg(png);
    expect([...jpeg.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect([...jpeg.subarray(-2)]).toEqual([0xff, 0xd9]);
    const sof = Buffer.from(jpeg).indexOf(Buffer.from([0xff, 0xc0]));
    expect(sof).toBeGreaterThan(0);
    const view = Buffer.from(jpeg.subarray(sof));
    expect([view.readUInt16BE(7), view.readUInt16BE(5)]).toEqual([360, 203]); // width, height (1080 * 360 / 1920 rows)
    expect(jpeg.length).toBeLessThan(png.length / 10);
    // A flat image is almost nothing; any byte 0xff in the data is stuffed.
    const flat = encodeJpeg({ width: 16, height: 16, rgb: new Uint8Array(16 * 16 * 3).fill(255) });
    expect(flat.length).toBeLessThan(700);
  });
});
