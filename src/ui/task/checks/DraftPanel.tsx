// "Draft with a model": the assertion, the step and the reference checkpoint after it go to the
// judge's endpoint (Settings > Judge, when a model judge is set) or one given here. A valid
// draft fills the editor for a person to review and approve; a reply that is no check is shown
// as it came, with the parser's problem, and fills nothing.
import { useEffect, useRef, useState } from 'react';
import type { Check } from '../../../checks/types.ts';
import type { ChatEndpoint } from '../../../chat/types.ts';
import { draftCheck, judgeDraftEndpoint } from '../../../judge/draft-check.ts';
import { fileBlob, type OpenedTaskView } from '../../state/catalog.ts';
import { Button } from '../../components/Button.tsx';

export interface Draft {
  model: string;
  /** When the model drafted it (ISO). */
  created: string;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'filled'; model: string }
  | { kind: 'unparsed'; raw: string; problem: string; model: string }
  | { kind: 'error'; message: string };

export function DraftPanel({
  sourceId,
  opened,
  step,
  checkpoint,
  onDraft,
}: {
  sourceId: string;
  opened: OpenedTaskView;
  step: number;
  checkpoint: number | null;
  onDraft: (draft: Draft, check: Check) => void;
}) {
  const [judge, setJudge] = useState<ChatEndpoint | null | undefined>(undefined);
  const [endpoint, setEndpoint] = useState('');
  const [model, setModel] = useState('');
  const [key, setKey] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const ctrl = useRef<AbortController | null>(null);

  useEffect(() => {
    let live = true;
    judgeDraftEndpoint().then(
      (ep) => live && setJudge(ep),
      () => live && setJudge(null),
    );
    return () => {
      live = false;
      ctrl.current?.abort();
    };
  }, []);

  const target: ChatEndpoint | null =
    judge ?? (/^https?:\/\//.test(endpoint) && model.trim() ? { baseUrl: endpoint, model: model.trim(), ...(key ? { key } : {}) } : null);

  const ask = async () => {
    if (!target) return;
    const c = new AbortController();
    ctrl.current = c;
    setPhase({ kind: 'asking' });
    try {
      const action = opened.task.record.action_sequence[step]!;
      const image = checkpoint === null ? null : await fileBlob(sourceId, `data/${opened.task.id}/checkpoints/step_${checkpoint}.png`);
      const out = await draftCheck(target, { step, action, assertion: String(action.logical_assertion) }, image ? [image] : [], c.signal);
      if (out.draft.ok) {
        onDraft({ model: out.model, created: new Date().toISOString() }, out.draft.check);
        setPhase({ kind: 'filled', model: out.model });
      } else setPhase({ kind: 'unparsed', raw: out.raw, problem: out.draft.problem, model: out.model });
    } catch (err) {
      if (!c.signal.aborted) setPhase({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <div className="check-draft">
      <div className="row">
        <Button onClick={() => void ask()} disabled={!target || phase.kind === 'asking'} busy={phase.kind === 'asking'}>
          Draft with a model
        </Button>
        <span className="small muted">
          {judge
            ? `asks ${judge.model} at ${judge.baseUrl} (the judge's endpoint)${checkpoint !== null ? `, with step_${checkpoint}.png` : ''}`
            : judge === null
              ? 'No model judge is set (Settings > Judge): give an endpoint here.'
              : ''}
        </span>
      </div>
      {judge === null ? (
        <div className="row check-draft-endpoint">
          <input
            aria-label="Draft endpoint"
            placeholder="https://api.openai.com/v1"
            value={endpoint}
            onChange={(e) => setEndpoint(e.target.value)}
          />
          <input type="text" aria-label="Draft model" placeholder="model" value={model} onChange={(e) => setModel(e.target.value)} />
          <input
            aria-label="Draft API key"
            type="password"
            placeholder="API key (not stored)"
            value={key}
            onChange={(e) => setKey(e.target.value)}
          />
        </div>
      ) : null}
      {phase.kind === 'filled' ? (
        <p className="small ok-text" role="status">
          {phase.model}&apos;s draft is in the editor above: review it, then approve it.
        </p>
      ) : null}
      {phase.kind === 'unparsed' ? (
        <div className="note note-warn small check-draft-bad" role="alert">
          <p>
            {phase.model}&apos;s reply is not a usable check ({phase.problem}); nothing was filled in or saved. The reply as it came:
          </p>
          <pre className="check-raw">{phase.raw}</pre>
        </div>
      ) : null}
      {phase.kind === 'error' ? <p className="small danger-text">{phase.message}</p> : null}
    </div>
  );
}
