// Checkpoint 0 as the task's picture, loaded when the card scrolls into view. The samples'
// pictures are made at build time (scripts/build/samples-files.mjs): a small JPEG each,
// cached by the browser like the app's other assets. For other sources the picture is
// made once, downscaled off the main thread (createImageBitmap), and kept in IndexedDB
// beside the source's files, so a later visit neither reads nor decodes the full screenshot.
import { useEffect, useRef, useState } from 'react';
import sampleThumbs from 'virtual:iwr-sample-thumbs';
import { getCachedFile, putCachedFile, thumbnailPath } from '../../data/sources.ts';
import { SAMPLES_ID } from '../../sources/registry.ts';
import { fileBlob } from '../state/catalog.ts';

const THUMB_WIDTH = 360;
const thumbs = new Map<string, Promise<string | null>>();

/** A downscaled copy of the image, or null where the browser cannot resize (no OffscreenCanvas...). */
async function downscale(blob: Blob): Promise<Blob | null> {
  try {
    const bmp = await createImageBitmap(blob, { resizeWidth: THUMB_WIDTH, resizeQuality: 'medium' });
    const canvas = new OffscreenCanvas(bmp.width, bmp.height);
    canvas.getContext('2d')?.drawImage(bmp, 0, 0);
    bmp.close();
    return await canvas.convertToBlob({ type: 'image/webp', quality: 0.85 });
  } catch {
    return null;
  }
}

async function makeThumb(sourceId: string, taskId: string): Promise<string | null> {
  const built = sourceId === SAMPLES_ID ? sampleThumbs[taskId] : undefined;
  if (built) return new URL(built, document.baseURI).href;
  const kept = await getCachedFile(sourceId, thumbnailPath(taskId)).catch(() => undefined);
  if (kept) return URL.createObjectURL(kept);
  const blob = await fileBlob(sourceId, `data/${taskId}/checkpoints/step_0.png`);
  if (!blob) return null;
  const small = await downscale(blob);
  // A failed write only costs making it again next time.
  if (small) await putCachedFile(sourceId, thumbnailPath(taskId), small).catch(() => {});
  return URL.createObjectURL(small ?? blob);
}

// Every card gets the same picture box (16:10, top of the page shown) so rows line up whatever the resolution.
export function Thumbnail({ sourceId, taskId, alt }: { sourceId: string; taskId: string; alt: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [src, setSrc] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let alive = true;
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        io.disconnect();
        const key = `${sourceId}\n${taskId}`;
        let p = thumbs.get(key);
        if (!p) {
          p = makeThumb(sourceId, taskId).catch(() => null);
          thumbs.set(key, p);
        }
        void p.then((u) => {
          if (alive) setSrc(u);
        });
      },
      { rootMargin: '200px' },
    );
    io.observe(el);
    return () => {
      alive = false;
      io.disconnect();
    };
  }, [sourceId, taskId]);
  return (
    <div ref={ref} className="thumb">
      {src ? <img src={src} alt={alt} /> : <span className="thumb-none">{src === null ? 'no checkpoint 0' : ''}</span>}
    </div>
  );
}
