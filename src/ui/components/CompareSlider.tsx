// Reference vs candidate: a wipe slider (keyboard: the range input), side by side, or a
// difference overlay computed on a canvas (changed pixels in red over a dimmed reference).
import { useEffect, useRef, useState } from 'react';

type Mode = 'slider' | 'side' | 'diff';

export function CompareSlider({
  refSrc,
  candSrc,
  refLabel = 'Reference',
  candLabel = 'Candidate',
  width,
  height,
}: {
  refSrc: string | null;
  candSrc: string | null;
  refLabel?: string;
  candLabel?: string;
  width: number;
  height: number;
}) {
  const [mode, setMode] = useState<Mode>('slider');
  const [pos, setPos] = useState(50);
  const aspect = `${width} / ${height}`;
  return (
    <div className="compare">
      <div className="compare-tools" role="radiogroup" aria-label="Comparison mode">
        {(['slider', 'side', 'diff'] as const).map((m) => (
          <label key={m} className={`seg${mode === m ? ' seg-on' : ''}`}>
            <input type="radio" name={`compare-mode-${refSrc ?? ''}`} value={m} checked={mode === m} onChange={() => setMode(m)} />
            {m === 'slider' ? 'Slider' : m === 'side' ? 'Side by side' : 'Difference'}
          </label>
        ))}
        {mode === 'slider' ? (
          <label className="compare-range">
            <span className="sr-only">
              Slider position (left shows {refLabel}, right shows {candLabel})
            </span>
            <input type="range" min={0} max={100} value={pos} onChange={(e) => setPos(Number(e.target.value))} />
          </label>
        ) : null}
      </div>
      {mode === 'side' ? (
        <div className="compare-side">
          <Shot src={refSrc} label={refLabel} aspect={aspect} />
          <Shot src={candSrc} label={candLabel} aspect={aspect} />
        </div>
      ) : mode === 'slider' ? (
        <div
          className="compare-stage"
          style={{ aspectRatio: aspect }}
          onPointerDown={(e) => {
            const el = e.currentTarget;
            const move = (x: number) => {
              const r = el.getBoundingClientRect();
              setPos(Math.max(0, Math.min(100, ((x - r.left) / r.width) * 100)));
            };
            move(e.clientX);
            el.setPointerCapture(e.pointerId);
            const onMove = (ev: PointerEvent) => move(ev.clientX);
            const onUp = () => {
              el.removeEventListener('pointermove', onMove);
              el.removeEventListener('pointerup', onUp);
            };
            el.addEventListener('pointermove', onMove);
            el.addEventListener('pointerup', onUp);
          }}
        >
          {candSrc ? (
            <img src={candSrc} alt={candLabel} draggable={false} />
          ) : (
            <div className="compare-missing">no {candLabel.toLowerCase()} screenshot</div>
          )}
          {refSrc ? (
            <img src={refSrc} alt={refLabel} draggable={false} className="compare-top" style={{ clipPath: `inset(0 ${100 - pos}% 0 0)` }} />
          ) : null}
          <div className="compare-handle" style={{ left: `${pos}%` }} aria-hidden="true" />
          <span className="compare-tag compare-tag-left">{refLabel}</span>
          <span className="compare-tag compare-tag-right">{candLabel}</span>
        </div>
      ) : (
        <DiffView refSrc={refSrc} candSrc={candSrc} aspect={aspect} />
      )}
    </div>
  );
}

function Shot({ src, label, aspect }: { src: string | null; label: string; aspect: string }) {
  return (
    <figure className="compare-shot">
      <div className="compare-frame" style={{ aspectRatio: aspect }}>
        {src ? <img src={src} alt={label} /> : <div className="compare-missing">no {label.toLowerCase()} screenshot</div>}
      </div>
      <figcaption>{label}</figcaption>
    </figure>
  );
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(`could not decode ${src.startsWith('blob:') ? 'the screenshot' : src}`));
    img.src = src;
  });
}

/** Share of pixels whose largest channel difference exceeds this (out of 255): ignores antialiasing noise. */
const DIFF_THRESHOLD = 24;

function DiffView({ refSrc, candSrc, aspect }: { refSrc: string | null; candSrc: string | null; aspect: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<{ changed: number } | { error: string } | null>(null);
  useEffect(() => {
    if (!refSrc || !candSrc) return;
    let live = true;
    void (async () => {
      try {
        const [a, b] = await Promise.all([loadImage(refSrc), loadImage(candSrc)]);
        const c = canvas.current;
        if (!live || !c) return;
        const w = a.naturalWidth;
        const h = a.naturalHeight;
        c.width = w;
        c.height = h;
        const ctx = c.getContext('2d', { willReadFrequently: true });
        if (!ctx) throw new Error('no 2D canvas in this browser');
        ctx.drawImage(a, 0, 0, w, h);
        const ra = ctx.getImageData(0, 0, w, h);
        ctx.clearRect(0, 0, w, h);
        ctx.drawImage(b, 0, 0, w, h);
        const rb = ctx.getImageData(0, 0, w, h);
        const out = ctx.createImageData(w, h);
        let changed = 0;
        for (let i = 0; i < ra.data.length; i += 4) {
          const d = Math.max(
            Math.abs(ra.data[i]! - rb.data[i]!),
            Math.abs(ra.data[i + 1]! - rb.data[i + 1]!),
            Math.abs(ra.data[i + 2]! - rb.data[i + 2]!),
          );
          const grey = (ra.data[i]! * 0.3 + ra.data[i + 1]! * 0.59 + ra.data[i + 2]! * 0.11) * 0.35;
          if (d > DIFF_THRESHOLD) {
            changed++;
            out.data[i] = 255;
            out.data[i + 1] = Math.max(0, 90 - d / 3);
            out.data[i + 2] = 60;
          } else {
            out.data[i] = grey;
            out.data[i + 1] = grey;
            out.data[i + 2] = grey;
          }
          out.data[i + 3] = 255;
        }
        ctx.putImageData(out, 0, 0);
        if (live) setState({ changed: changed / (w * h) });
      } catch (err) {
        if (live) setState({ error: err instanceof Error ? err.message : String(err) });
      }
    })();
    return () => {
      live = false;
    };
  }, [refSrc, candSrc]);
  if (!refSrc || !candSrc)
    return (
      <div className="compare-missing" style={{ aspectRatio: aspect }}>
        Both screenshots are needed for a difference view.
      </div>
    );
  return (
    <figure className="compare-shot">
      <div className="compare-frame" style={{ aspectRatio: aspect }}>
        <canvas ref={canvas} aria-label="Difference overlay: changed pixels in red over the dimmed reference" />
      </div>
      <figcaption>
        {state === null
          ? 'computing difference…'
          : 'error' in state
            ? `Difference not available: ${state.error}`
            : `${(state.changed * 100).toFixed(1)}% of pixels differ (red; channel difference > ${DIFF_THRESHOLD}/255; candidate scaled to the reference size)`}
      </figcaption>
    </figure>
  );
}
