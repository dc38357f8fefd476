// The check's text conditions tried on the reference checkpoint after the step (its OCR text,
// read once and cached with the pipeline's reference cache): a check that fails there is
// flagged before it is saved. The person may still save it; the flag stays in view.
import { useEffect, useMemo, useState } from 'react';
import type { Check } from '../../../checks/types.ts';
import { textLeavesAgainstOcr, type OcrTrial } from '../../../checks/reference.ts';
import { fileBlob, type OpenedTaskView } from '../../state/catalog.ts';
import { referenceOcrText } from '../../../engines/references.ts';

type Ocr = { state: 'none' } | { state: 'ready'; text: string } | { state: 'error'; message: string };

export type ReferenceTrial = (OcrTrial & { image: string }) | { result: 'reading' | 'error' | 'none'; message?: string };

/** OCR of the checkpoint once (when a check is given), then the trial on every edit. */
export function useReferenceTrial(
  sourceId: string,
  opened: OpenedTaskView,
  taskKey: string,
  checkpoint: number | null,
  check: Check | null,
): ReferenceTrial | null {
  const [ocr, setOcr] = useState<Ocr>({ state: 'none' });
  const wanted = check !== null && checkpoint !== null;
  const image = checkpoint === null ? '' : `checkpoints/step_${checkpoint}.png`;
  const done = ocr.state === 'ready' || ocr.state === 'error';
  useEffect(() => {
    if (!wanted || done) return;
    let live = true;
    void (async () => {
      try {
        const blob = await fileBlob(sourceId, `data/${opened.task.id}/${image}`);
        if (!blob) throw new Error(`${image} is missing`);
        // Cached in the reference cache: the pipeline and later cards read the same text.
        const text = (await referenceOcrText(taskKey, checkpoint as number, blob)).text;
        if (live) setOcr({ state: 'ready', text });
      } catch (err) {
        if (live) setOcr({ state: 'error', message: err instanceof Error ? err.message : String(err) });
      }
    })();
    return () => {
      live = false;
    };
  }, [wanted, done, sourceId, opened.task.id, image, taskKey, checkpoint]);
  return useMemo(() => {
    if (checkpoint === null) return { result: 'none' };
    if (!check) return null;
    if (ocr.state === 'ready') return { ...textLeavesAgainstOcr(check, ocr.text), image };
    if (ocr.state === 'error') return { result: 'error', message: ocr.message };
    return { result: 'reading' };
  }, [checkpoint, check, ocr, image]);
}

export function ReferenceFlag({ checkpoint, trial }: { checkpoint: number | null; trial: ReferenceTrial | null }) {
  if (!trial) return null;
  if (checkpoint === null || trial.result === 'none')
    return <p className="small muted ref-flag">The reference has no checkpoint right after this step: nothing to try the check on.</p>;
  if (trial.result === 'reading')
    return <p className="small muted ref-flag">Reading the reference checkpoint step_{checkpoint}.png (OCR)…</p>;
  if (trial.result === 'error')
    return (
      <p className="small warn-text ref-flag">
        The reference checkpoint step_{checkpoint}.png could not be read: {trial.message}
      </p>
    );
  if (!('leaves' in trial)) return null;
  const detail = trial.leaves.map((l) => `${l.path}: "${l.text}" ${l.seen ? 'is' : 'is not'} in its OCR text`).join('; ');
  if (trial.result === 'fails')
    return (
      <p className="note note-warn small ref-flag" role="alert" data-flag="fails">
        Flag: this check fails on the reference checkpoint {trial.image} (the page after this step, as read by OCR): {detail}.
      </p>
    );
  if (trial.result === 'holds')
    return (
      <p className="small ok-text ref-flag" data-flag="holds">
        Holds on the reference checkpoint {trial.image} as far as OCR reads it: {detail}.
      </p>
    );
  return (
    <p className="small muted ref-flag" data-flag="unknown">
      {trial.leaves.length
        ? `Not decided by the reference checkpoint ${trial.image}'s OCR text (${detail}); the other conditions need the live page.`
        : `No text condition to try on the reference checkpoint ${trial.image} (only text without "within" can be read from a picture).`}
    </p>
  );
}
