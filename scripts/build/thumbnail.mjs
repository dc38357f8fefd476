// Gallery thumbnails of the sample tasks, made at build time without an image library:
// decode the checkpoint PNG (8-bit, non-interlaced: what Chromium's screenshots are),
// average it down to the thumbnail's width, keep the top rows the gallery's 16:10 box shows,
// and encode a baseline JPEG (4:4:4, so small UI text keeps its colour edges). Twelve
// checkpoints are 1 MB as PNG; their thumbnails are a few KB each.
import { inflateSync } from 'node:zlib';

/**
 * @typedef {{ width: number, height: number, rgb: Uint8Array }} RgbImage  3 bytes per pixel, rows top down
 */

/** Alpha is composited over white, as the card shows a transparent screenshot. */
const BACKGROUND = 255;

/**
 * @param {Uint8Array} png
 * @returns {RgbImage}
 */
export function decodePng(png) {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  if (view.getUint32(0) !== 0x89504e47) throw new Error('not a PNG');
  let width = 0;
  let height = 0;
  let depth = 0;
  let colour = 0;
  let interlace = 0;
  /** @type {Uint8Array | null} */
  let palette = null;
  /** @type {Uint8Array | null} */
  let paletteAlpha = null;
  /** @type {Uint8Array[]} */
  const idat = [];
  for (let at = 8; at < png.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      depth = data[8] ?? 0;
      colour = data[9] ?? 0;
      interlace = data[12] ?? 0;
    } else if (type === 'PLTE') palette = data;
    else if (type === 'tRNS') paletteAlpha = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colour];
  if (depth !== 8 || !channels || interlace)
    throw new Error(`unsupported PNG (bit depth ${depth}, colour type ${colour}, interlace ${interlace})`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  // Undo the per-row filters (PNG spec, section 9).
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? (pixels[row + x - channels] ?? 0) : 0;
      const b = y > 0 ? (pixels[row - stride + x] ?? 0) : 0;
      const c = x >= channels && y > 0 ? (pixels[row - stride + x - channels] ?? 0) : 0;
      let predicted = 0;
      if (filter === 1) predicted = a;
      else if (filter === 2) predicted = b;
      else if (filter === 3) predicted = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      pixels[row + x] = ((raw[src + x] ?? 0) + predicted) & 0xff;
    }
  }
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    let r;
    let g;
    let b;
    let alpha = 255;
    const p = i * channels;
    if (colour === 3) {
      const k = pixels[p] ?? 0;
      r = palette?.[k * 3] ?? 0;
      g = palette?.[k * 3 + 1] ?? 0;
      b = palette?.[k * 3 + 2] ?? 0;
      alpha = paletteAlpha?.[k] ?? 255;
    } else if (colour === 0 || colour === 4) {
      r = g = b = pixels[p] ?? 0;
      if (colour === 4) alpha = pixels[p + 1] ?? 255;
    } else {
      r = pixels[p] ?? 0;
      g = pixels[p + 1] ?? 0;
      b = pixels[p + 2] ?? 0;
      if (colour === 6) alpha = pixels[p + 3] ?? 255;
    }
    const over = (/** @type {number} */ v) => Math.round((v * alpha + BACKGROUND * (255 - alpha)) / 255);
    rgb[i * 3] = over(r);
    rgb[i * 3 + 1] = over(g);
    rgb[i * 3 + 2] = over(b);
  }
  return { width, height, rgb };
}

/**
 * Area-average downscale to `width` (never up), keeping at most `maxHeight` rows from the top.
 * @param {RgbImage} img @param {number} width @param {number} maxHeight
 * @returns {RgbImage}
 */
export function shrink(img, width, maxHeight) {
  const scale = Math.min(1, width / img.width);
  const w = Math.max(1, Math.round(img.width * scale));
  const h = Math.max(1, Math.min(maxHeight, Math.round(img.height * scale)));
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const y0 = y / scale;
    const y1 = Math.min(img.height, (y + 1) / scale);
    for (let x = 0; x < w; x++) {
      const x0 = x / scale;
      const x1 = Math.min(img.width, (x + 1) / scale);
      let r = 0;
      let g = 0;
      let b = 0;
      let area = 0;
      for (let sy = Math.floor(y0); sy < y1; sy++) {
        const wy = Math.min(sy + 1, y1) - Math.max(sy, y0);
        for (let sx = Math.floor(x0); sx < x1; sx++) {
          const wx = Math.min(sx + 1, x1) - Math.max(sx, x0);
          const k = (sy * img.width + sx) * 3;
          const weight = wx * wy;
          r += (img.rgb[k] ?? 0) * weight;
          g += (img.rgb[k + 1] ?? 0) * weight;
          b += (img.rgb[k + 2] ?? 0) * weight;
          area += weight;
        }
      }
      out.set([Math.round(r / area), Math.round(g / area), Math.round(b / area)], (y * w + x) * 3);
    }
  }
  return { width: w, height: h, rgb: out };
}

// Baseline JPEG (ITU T.81) ---------------------------------------------------------------

const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57,
  50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];
// The example tables of Annex K (K.1, K.2): quality 50, scaled as the IJG library does.
const LUMA_Q = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62, 18, 22,
  37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
const CHROMA_Q = [
  17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99, 24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99, 99, 99, 99, 99, 99, 99, 99,
  99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
];
// Huffman tables of Annex K.3: code counts per length 1..16, then the symbols.
const DC_LUMA = { bits: [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] };
const DC_CHROMA = { bits: [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0], values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] };
/** Every AC symbol (run << 4 | size, size 1..10, plus EOB 0x00 and ZRL 0xf0) after the listed first ones. */
const acValues = (/** @type {number[]} */ first) => {
  const rest = [];
  for (let run = 0; run < 16; run++) for (let size = 1; size <= 10; size++) rest.push((run << 4) | size);
  return [...first, ...rest.filter((v) => !first.includes(v))];
};
const AC_LUMA = {
  bits: [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d],
  values: acValues([
    0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91,
    0xa1, 0x08, 0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a,
  ]),
};
const AC_CHROMA = {
  bits: [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77],
  values: acValues([
    0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71, 0x13, 0x22, 0x32, 0x81, 0x08, 0x14,
    0x42, 0x91, 0xa1, 0xb1, 0xc1, 0x09, 0x23, 0x33, 0x52, 0xf0, 0x15, 0x62, 0x72, 0xd1, 0x0a, 0x16, 0x24, 0x34, 0xe1, 0x25, 0xf1, 0x17,
  ]),
};

/** Canonical codes (Annex C) of a table: symbol -> [code, length]. */
function huffmanCodes(/** @type {{ bits: number[], values: number[] }} */ table) {
  const total = table.bits.reduce((s, n) => s + n, 0);
  if (total !== table.values.length || new Set(table.values).size !== total) throw new Error('inconsistent Huffman table');
  /** @type {Map<number, [number, number]>} */
  const codes = new Map();
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    for (let i = 0; i < (table.bits[length - 1] ?? 0); i++) codes.set(table.values[k++] ?? 0, [code++, length]);
    code <<= 1;
  }
  return codes;
}

/** @param {number[]} base @param {number} quality 1..100 */
function scaledTable(base, quality) {
  const q = quality < 50 ? 5000 / quality : 200 - quality * 2;
  return base.map((v) => Math.min(255, Math.max(1, Math.floor((v * q + 50) / 100))));
}

/** Forward DCT of one 8x8 block (level-shifted samples), straight from the definition. */
const COS = Array.from({ length: 64 }, (_, i) => Math.cos(((2 * (i >> 3) + 1) * (i & 7) * Math.PI) / 16));
function fdct(/** @type {Float64Array} */ block, /** @type {Float64Array} */ out) {
  const tmp = new Float64Array(64);
  for (let y = 0; y < 8; y++)
    for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let x = 0; x < 8; x++) s += (block[y * 8 + x] ?? 0) * (COS[x * 8 + u] ?? 0);
      tmp[y * 8 + u] = s * (u === 0 ? Math.SQRT1_2 : 1) * 0.5;
    }
  for (let u = 0; u < 8; u++)
    for (let v = 0; v < 8; v++) {
      let s = 0;
      for (let y = 0; y < 8; y++) s += (tmp[y * 8 + u] ?? 0) * (COS[y * 8 + v] ?? 0);
      out[v * 8 + u] = s * (v === 0 ? Math.SQRT1_2 : 1) * 0.5;
    }
}

/**
 * @param {RgbImage} img
 * @param {number} [quality] 1..100
 * @returns {Uint8Array}
 */
export function encodeJpeg(img, quality = 80) {
  const { width, height, rgb } = img;
  const qLuma = scaledTable(LUMA_Q, quality);
  const qChroma = scaledTable(CHROMA_Q, quality);
  const huff = {
    dc: [huffmanCodes(DC_LUMA), huffmanCodes(DC_CHROMA)],
    ac: [huffmanCodes(AC_LUMA), huffmanCodes(AC_CHROMA)],
  };
  /** @type {number[]} */
  const bytes = [];
  const u16 = (/** @type {number} */ v) => bytes.push(v >> 8, v & 0xff);
  const marker = (/** @type {number} */ m, /** @type {number[]} */ body) => {
    bytes.push(0xff, m);
    u16(body.length + 2);
    bytes.push(...body);
  };
  bytes.push(0xff, 0xd8); // SOI
  marker(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]); // JFIF 1.01, no density
  marker(0xdb, [0, ...ZIGZAG.map((z) => qLuma[z] ?? 1), 1, ...ZIGZAG.map((z) => qChroma[z] ?? 1)]);
  marker(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1]);
  marker(0xc4, [
    0x00,
    ...DC_LUMA.bits,
    ...DC_LUMA.values,
    0x10,
    ...AC_LUMA.bits,
    ...AC_LUMA.values,
    0x01,
    ...DC_CHROMA.bits,
    ...DC_CHROMA.values,
    0x11,
    ...AC_CHROMA.bits,
    ...AC_CHROMA.values,
  ]);
  marker(0xda, [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0]);

  let acc = 0;
  let nbits = 0;
  const put = (/** @type {number} */ code, /** @type {number} */ length) => {
    for (let i = length - 1; i >= 0; i--) {
      acc = (acc << 1) | ((code >> i) & 1);
      if (++nbits === 8) {
        bytes.push(acc);
        if (acc === 0xff) bytes.push(0); // byte stuffing
        acc = 0;
        nbits = 0;
      }
    }
  };
  const magnitude = (/** @type {number} */ v) => {
    let size = 0;
    for (let a = Math.abs(v); a; a >>= 1) size++;
    return size;
  };
  const emit = (/** @type {Map<number, [number, number]>} */ codes, /** @type {number} */ symbol) => {
    const c = codes.get(symbol);
    if (!c) throw new Error(`no Huffman code for symbol ${symbol}`);
    put(c[0], c[1]);
  };
  const block = new Float64Array(64);
  const coeffs = new Float64Array(64);
  const previousDc = [0, 0, 0];
  for (let by = 0; by < height; by += 8)
    for (let bx = 0; bx < width; bx += 8)
      for (let comp = 0; comp < 3; comp++) {
        for (let i = 0; i < 64; i++) {
          // Edge blocks repeat the last row and column.
          const x = Math.min(width - 1, bx + (i & 7));
          const y = Math.min(height - 1, by + (i >> 3));
          const k = (y * width + x) * 3;
          const r = rgb[k] ?? 0;
          const g = rgb[k + 1] ?? 0;
          const b = rgb[k + 2] ?? 0;
          const value =
            comp === 0
              ? 0.299 * r + 0.587 * g + 0.114 * b
              : comp === 1
                ? -0.168736 * r - 0.331264 * g + 0.5 * b + 128
                : 0.5 * r - 0.418688 * g - 0.081312 * b + 128;
          block[i] = value - 128;
        }
        fdct(block, coeffs);
        const q = comp === 0 ? qLuma : qChroma;
        const table = comp === 0 ? 0 : 1;
        const zz = ZIGZAG.map((z) => Math.round((coeffs[z] ?? 0) / (q[z] ?? 1)));
        const dc = zz[0] ?? 0;
        const diff = dc - (previousDc[comp] ?? 0);
        previousDc[comp] = dc;
        const dcSize = magnitude(diff);
        emit(huff.dc[table] ?? new Map(), dcSize);
        if (dcSize) put(diff < 0 ? diff + (1 << dcSize) - 1 : diff, dcSize);
        let run = 0;
        for (let i = 1; i < 64; i++) {
          const v = zz[i] ?? 0;
          if (v === 0) {
            run++;
            continue;
          }
          for (; run > 15; run -= 16) emit(huff.ac[table] ?? new Map(), 0xf0);
          const size = magnitude(v);
          emit(huff.ac[table] ?? new Map(), (run << 4) | size);
          put(v < 0 ? v + (1 << size) - 1 : v, size);
          run = 0;
        }
        if (run) emit(huff.ac[table] ?? new Map(), 0x00);
      }
  if (nbits) put(0x7f, 8 - nbits); // pad the last byte with ones
  bytes.push(0xff, 0xd9); // EOI
  return Uint8Array.from(bytes);
}

/**
 * A gallery thumbnail of a checkpoint PNG: `width` wide, no taller than the 16:10 box.
 * @param {Uint8Array} png @param {number} [width]
 */
export function thumbnailJpeg(png, width = 360) {
  return encodeJpeg(shrink(decodePng(png), width, Math.round((width * 10) / 16)), 75);
}
