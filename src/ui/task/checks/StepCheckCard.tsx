// One assertion's check: where it comes from (the task's checks.json, or edited in this
// browser; stale when the assertion changed), the editor (form and JSON views of one tree),
// the parser's problem, the check tried against the reference checkpoint after the step,
// saving with provenance, reverting to the file, testing on a candidate, drafting with a model.
import { useState } from 'react';
import { validateCheck } from '../../../checks/parse.ts';
import type { Check, CheckEntry, Provenance } from '../../../checks/types.ts';
import { savedChecksName } from '../../../data/checks.ts';
import { formatProblem } from '../../../task/types.ts';
import type { OpenedTaskView } from '../../state/catalog.ts';
import { Badge } from '../../components/Card.tsx';
import { Button } from '../../components/Button.tsx';
import { CheckForm } from './CheckForm.tsx';
import { blankLeaf } from './form-model.ts';
import type { StepChecks } from './useTaskChecks.ts';
import { checkpointAfterStep } from './try-check.ts';
import { ReferenceFlag, useReferenceTrial } from './ReferenceFlag.tsx';
import { TestPanel } from './TestPanel.tsx';
import { DraftPanel, type Draft } from './DraftPanel.tsx';

type View = 'form' | 'json';

const pretty = (v: unknown): string => JSON.stringify(v, null, 2);

function provenanceLine(p: Provenance): string {
  const day = (s: string | undefined) => (s ? s.slice(0, 10) : '');
  if (p.by === 'model') return `drafted by ${p.model ?? 'a model'} on ${day(p.created)}, approved by ${p.approvedBy} on ${day(p.approved)}`;
  return `written by ${p.author ?? 'hand'} on ${day(p.created)}`;
}

export function StepCheckCard({
  sourceId,
  opened,
  step,
  current,
  hasFile,
  taskKey,
  name,
  onSave,
  onRevert,
}: {
  sourceId: string;
  opened: OpenedTaskView;
  step: number;
  current: StepChecks;
  hasFile: boolean;
  taskKey: string;
  name: string;
  onSave: (entry: CheckEntry) => Promise<void>;
  onRevert: (step: number) => Promise<void>;
}) {
  const action = opened.task.record.action_sequence[step]!;
  const assertion = String(action.logical_assertion);
  const [open, setOpen] = useState(false);
  const [tree, setTree] = useState<unknown>(() => current.entry?.check ?? blankLeaf('text'));
  const [view, setView] = useState<View>('form');
  const [jsonText, setJsonText] = useState<string | null>(null);
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [savedNote, setSavedNote] = useState<string | null>(null);

  const file = savedChecksName(taskKey);
  const { check, problem } = validateCheck(tree, file);
  const checkpoint = checkpointAfterStep(opened.task.record.action_sequence, step);
  const trial = useReferenceTrial(sourceId, opened, taskKey, checkpoint, open ? check : null);
  const unchanged = current.entry !== null && JSON.stringify(current.entry.check) === JSON.stringify(check) && !current.stale;
  const needsApprover = draft !== null && !name.trim();

  const setFromForm = (t: unknown) => {
    setTree(t);
    setSavedNote(null);
  };
  const showJson = () => {
    setJsonText(pretty(tree));
    setJsonError(null);
    setView('json');
  };
  const editJson = (text: string) => {
    setJsonText(text);
    setSavedNote(null);
    try {
      setTree(JSON.parse(text));
      setJsonError(null);
    } catch (err) {
      setJsonError(`${file}: is not JSON: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  const reset = (t: unknown) => {
    setTree(t);
    setJsonText(pretty(t));
    setJsonError(null);
  };

  const save = async () => {
    if (!check || jsonError) return;
    const now = new Date().toISOString();
    const who = name.trim();
    let provenance: Provenance;
    if (draft) provenance = { by: 'model', model: draft.model, approvedBy: who, created: draft.created, approved: now };
    else if (current.entry && JSON.stringify(current.entry.check) === JSON.stringify(check)) provenance = current.entry.provenance;
    else provenance = { by: 'hand', ...(who ? { author: who } : {}), created: now };
    setSaving(true);
    setSaveError(null);
    try {
      await onSave({ step, assertion, check: check as Check, provenance });
      setDraft(null);
      setSavedNote(`Saved in this browser${trial?.result === 'fails' ? ' (it fails on the reference checkpoint: see above)' : ''}.`);
    } catch (err) {
      setSaveError(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };

  const origin =
    current.origin === 'browser' ? (
      <Badge tone="accent">edited in this browser</Badge>
    ) : current.origin === 'file' ? (
      <Badge tone="ok">from the task&apos;s checks.json</Badge>
    ) : (
      <Badge tone="warn">no check</Badge>
    );

  return (
    <li className="check-card" data-step={step}>
      <div className="row">
        <span className="step-n">{step + 1}</span>
        <span className={`step-type type-${action.type.toLowerCase()}`}>{action.type}</span>
        <span className="check-desc">{action.parameters?.description ?? ''}</span>
        <span className="spacer" />
        {origin}
        {current.stale ? <Badge tone="danger">stale</Badge> : null}
        <Button size="sm" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? 'Close' : current.entry ? 'Edit check' : 'Write a check'}
        </Button>
      </div>
      <p className="step-assert">
        <span className="field-label">Assertion</span> {assertion}
      </p>
      {current.stale ? <p className="note note-warn small">This check {current.stale}.</p> : null}
      {current.entry ? <p className="small muted check-prov">{provenanceLine(current.entry.provenance)}</p> : null}
      {open ? (
        <div className="check-editor">
          <div className="row" role="group" aria-label="Editor view">
            <Button size="sm" variant={view === 'form' ? 'primary' : 'ghost'} disabled={!!jsonError} onClick={() => setView('form')}>
              Form
            </Button>
            <Button size="sm" variant={view === 'json' ? 'primary' : 'ghost'} onClick={showJson}>
              JSON
            </Button>
          </div>
          {view === 'form' ? (
            <CheckForm tree={tree} onChange={setFromForm} />
          ) : (
            <textarea
              className="check-json mono"
              aria-label="Check as JSON"
              spellCheck={false}
              rows={Math.min(24, Math.max(6, (jsonText ?? '').split('\n').length + 1))}
              value={jsonText ?? pretty(tree)}
              onChange={(e) => editJson(e.target.value)}
            />
          )}
          {jsonError || problem ? (
            <p className="note note-warn mono small check-problem" role="alert">
              {jsonError ?? formatProblem(problem!)}
            </p>
          ) : null}
          <ReferenceFlag checkpoint={checkpoint} trial={trial} />
          {draft ? (
            <p className="note small check-draft-note">
              Drafted by {draft.model}: review it (and test it), then approve it. It is saved only when you approve.{' '}
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  setDraft(null);
                  reset(current.entry?.check ?? blankLeaf('text'));
                }}
              >
                Discard the draft
              </Button>
            </p>
          ) : null}
          <div className="row">
            <Button
              variant="primary"
              onClick={() => void save()}
              disabled={!check || !!jsonError || saving || needsApprover || (unchanged && !draft)}
              busy={saving}
            >
              {draft ? 'Approve and save' : trial?.result === 'fails' ? 'Save anyway' : 'Save'}
            </Button>
            {needsApprover ? <span className="small warn-text">Enter your name above to approve the draft.</span> : null}
            {current.origin === 'browser' ? (
              <Button
                onClick={() =>
                  void onRevert(step).then(() => {
                    reset(current.fileEntry?.check ?? blankLeaf('text'));
                    setSavedNote(hasFile ? "Back to the task's checks.json." : 'Removed from this browser.');
                  })
                }
              >
                {hasFile ? "Revert to the task's checks.json" : 'Remove the saved check'}
              </Button>
            ) : null}
            {savedNote ? (
              <span className="small ok-text" role="status">
                {savedNote}
              </span>
            ) : null}
            {saveError ? <span className="small danger-text">{saveError}</span> : null}
          </div>
          <DraftPanel
            sourceId={sourceId}
            opened={opened}
            step={step}
            checkpoint={checkpoint}
            onDraft={(d, t) => {
              setDraft(d);
              reset(t);
              setSavedNote(null);
            }}
          />
          <TestPanel sourceId={sourceId} opened={opened} step={step} assertion={assertion} check={jsonError ? null : check} />
        </div>
      ) : null}
    </li>
  );
}
