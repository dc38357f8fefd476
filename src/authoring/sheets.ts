// Contact sheets in the official spirit (data/<id>/stitched_assets/stitched_image_<n>.png):
// a white page of thumbnails, each with its file name under it, so a model can tie what it
// sees to the name it must write. Same layout as the sample suite's (scripts/samples/assets.mjs).
export const SHEET = { columns: 4, rows: 3, cell: 240, label: 26, pad: 16 };

/** Image files a sheet can show (fonts, scripts and other files are listed by no picture). */
export const SHEET_IMAGE = /\.(png|jpe?g|gif|webp|svg|bmp|avif)$/i;

function toPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the contact sheet could not be encoded'))), 'image/png'),
  );
}

async function decode(name: string, blob: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(blob.type || !name.endsWith('.svg') ? blob : new Blob([blob], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return img;
  } catch {
    throw new Error(`asset ${name} is not an image the browser can draw`);
  } finally {
    // decode() has finished with the URL either way.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** One PNG per 12 images, in name order; named stitched_image_1.png, stitched_image_2.png, ... */
export async function drawContactSheets(assets: Map<string, Blob>): Promise<{ name: string; png: Blob }[]> {
  const names = [...assets.keys()].filter((n) => SHEET_IMAGE.test(n)).sort();
  const perSheet = SHEET.columns * SHEET.rows;
  const out: { name: string; png: Blob }[] = [];
  for (let s = 0; s * perSheet < names.length; s++) {
    const chunk = names.slice(s * perSheet, (s + 1) * perSheet);
    const rows = Math.ceil(chunk.length / SHEET.columns);
    const cols = Math.min(chunk.length, SHEET.columns);
    const canvas = document.createElement('canvas');
    canvas.width = SHEET.pad + cols * (SHEET.cell + SHEET.pad);
    canvas.height = SHEET.pad + rows * (SHEET.cell + SHEET.label + SHEET.pad);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas for the contact sheet');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    for (let i = 0; i < chunk.length; i++) {
      const name = chunk[i] as string;
      const img = await decode(name, assets.get(name) as Blob);
      const x = SHEET.pad + (i % SHEET.columns) * (SHEET.cell + SHEET.pad);
      const y = SHEET.pad + Math.floor(i / SHEET.columns) * (SHEET.cell + SHEET.label + SHEET.pad);
      const nw = img.naturalWidth || SHEET.cell;
      const nh = img.naturalHeight || SHEET.cell;
      const scale = Math.min(1, SHEET.cell / nw, SHEET.cell / nh);
      const w = Math.round(nw * scale);
      const h = Math.round(nh * scale);
      ctx.fillStyle = '#eef0f3';
      ctx.fillRect(x, y, SHEET.cell, SHEET.cell);
      ctx.drawImage(img, x + Math.floor((SHEET.cell - w) / 2), y + Math.floor((SHEET.cell - h) / 2), w, h);
      ctx.strokeStyle = '#c5cad3';
      ctx.strokeRect(x + 0.5, y + 0.5, SHEET.cell - 1, SHEET.cell - 1);
      ctx.fillStyle = '#111111';
      ctx.font = '16px "DejaVu Sans Mono", monospace';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(name, x + SHEET.cell / 2, y + SHEET.cell + SHEET.label / 2 + 2);
    }
    out.push({ name: `stitched_image_${s + 1}.png`, png: await toPng(canvas) });
  }
  return out;
}
