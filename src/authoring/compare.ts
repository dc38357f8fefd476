// Is a replay's screenshot the recorded one? The share of pixels that differ, where a pixel
// differs when no pixel within one pixel of it in the other image has every channel within
// 48/255 (the bound of the capture-parity measure): antialiasing moves are forgiven, a
// changed word or colour is not.
const CHANNEL = 48;

async function pixels(png: Blob): Promise<ImageData> {
  const bmp = await createImageBitmap(png);
  const canvas = new OffscreenCanvas(bmp.width, bmp.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas to compare screenshots');
  ctx.drawImage(bmp, 0, 0);
  bmp.close();
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}

function near(a: ImageData, b: ImageData, x: number, y: number): boolean {
  const i = (y * a.width + x) * 4;
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      const xx = x + dx;
      const yy = y + dy;
      if (xx < 0 || yy < 0 || xx >= b.width || yy >= b.height) continue;
      const j = (yy * b.width + xx) * 4;
      if (
        Math.abs(a.data[i]! - b.data[j]!) <= CHANNEL &&
        Math.abs(a.data[i + 1]! - b.data[j + 1]!) <= CHANNEL &&
        Math.abs(a.data[i + 2]! - b.data[j + 2]!) <= CHANNEL
      )
        return true;
    }
  return false;
}

/** 0..1: the share of pixels of `a` with no match in `b` (1 when the sizes differ). */
export async function pixelDifference(a: Blob, b: Blob): Promise<number> {
  const [pa, pb] = await Promise.all([pixels(a), pixels(b)]);
  if (pa.width !== pb.width || pa.height !== pb.height) return 1;
  let differ = 0;
  for (let y = 0; y < pa.height; y++) for (let x = 0; x < pa.width; x++) if (!near(pa, pb, x, y)) differ++;
  return differ / (pa.width * pa.height);
}
