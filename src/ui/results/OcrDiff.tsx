// The OCR texts of reference and candidate as a word diff: what the OCR similarity measured.
import { useMemo } from 'react';
import { diffWords } from 'diff';
import type { OcrTexts } from '../../scoring/eval-record.ts';

/** Diffing very long texts word by word is slow; beyond this the view says so and shows the start. */
const MAX_CHARS = 20_000;

export function OcrDiff({ texts }: { texts: OcrTexts | undefined }) {
  const parts = useMemo(
    () => (texts ? diffWords(texts.checkpoint_text.slice(0, MAX_CHARS), texts.screenshot_text.slice(0, MAX_CHARS)) : []),
    [texts],
  );
  if (!texts) return <p className="hint">No OCR texts stored for this checkpoint.</p>;
  if (!texts.checkpoint_text && !texts.screenshot_text)
    return <p className="hint">Neither image had text (similarity 1 by the official rule).</p>;
  return (
    <div className="ocr-diff">
      <p className="hint">
        <span className="diff-del">struck red</span>: only in the reference · <span className="diff-add">green</span>: only in the
        candidate. Lower-cased and joined as the official scorer does.
        {texts.checkpoint_text.length > MAX_CHARS || texts.screenshot_text.length > MAX_CHARS
          ? ` Showing the first ${MAX_CHARS.toLocaleString()} characters.`
          : ''}
      </p>
      <p className="ocr-text">
        {parts.map((p, i) => (
          <span key={i} className={p.added ? 'diff-add' : p.removed ? 'diff-del' : undefined}>
            {p.value}
          </span>
        ))}
      </p>
    </div>
  );
}
