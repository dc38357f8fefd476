// Checkpoint 0 as the task's picture, loaded when the card scrolls into view and downscaled
// off the main thread (createImageBitmap) so a gallery of 1080p screenshots stays light.
import { useEffect, useRef, useState } from 'react';
import { fileBlob } from '../state/catalog.ts';

const THUMB_WIDTH = 360;
const thumbs = new Map<string, Promise<string | null>>();

async function makeThumb(sourceId: string, path: string): Promise<string | null> {
  const blob = await fileBlob(sourceId, path);
  if (!blob) return null;
  try {
    const bmp = await createImageBitmap(blob, { resizeWidth: THUMB_WIDTH, resizeQuality: 'medium' });
    const canvas = new OffscreenCanvas(bmp.width, bmp.height);
    canvas.getContext('2d')?.drawImage(bmp, 0, 0);
    bmp.close();
    return URL.createObjectURL(await canvas.convertToBlob({ type: 'image/webp', quality: 0.85 }));
  } catch {
    // Browsers without resize options or OffscreenCanvas: the full image still works.
    return URL.createObjectURL(blob);
  }
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
          p = makeThumb(sourceId, `data/${taskId}/checkpoints/step_0.png`).catch(() => null);
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
