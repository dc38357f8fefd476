// The task page's "Checks" tab: one card per step with a logical assertion, each with its
// judge-free check (where it comes from, stale or not) and an editor. Saved checks go to this
// browser (src/data/checks.ts) for every kind of source, and evaluations prefer them to the
// task's own checks.json.
import { useState } from 'react';
import type { OpenedTaskView } from '../../state/catalog.ts';
import { formatProblem } from '../../../task/types.ts';
import { when } from '../../format.ts';
import { useTaskChecks } from './useTaskChecks.ts';
import { StepCheckCard } from './StepCheckCard.tsx';
import './checks.css';

export function ChecksTab({ sourceId, opened }: { sourceId: string; opened: OpenedTaskView }) {
  const task = opened.task;
  const steps = task.record.action_sequence;
  const checks = useTaskChecks(sourceId, task.id, opened.files.checks, steps);
  const [name, setName] = useState('');
  const asserted = steps.map((s, k) => ({ s, k })).filter(({ s }) => typeof s.logical_assertion === 'string' && s.logical_assertion.trim());

  if (checks.error) return <p className="note note-warn">The checks could not be read: {checks.error}</p>;
  if (!checks.ready) return <p className="loading">Reading the checks…</p>;
  return (
    <div className="checks-tab">
      <p className="hint">
        Each logical assertion can be answered without a judge by a check the page itself answers (Settings &gt; Judge: assertions
        &quot;checks&quot;). {checks.fileName ? `This task ships ${checks.fileName}. ` : 'This task has no checks.json. '}
        {checks.hasSaved
          ? `Checks edited in this browser (saved ${when(checks.savedAt ?? 0)}) are used instead of the task's file, and travel with exported runs.`
          : 'Checks you save here are kept in this browser, used instead of the task’s file, and travel with exported runs.'}
      </p>
      <label className="field-inline checks-name">
        <span>Your name (author, or approver of a model&apos;s draft)</span>
        <input type="text" value={name} onChange={(e) => setName(e.target.value)} aria-label="Your name" />
      </label>
      {[...checks.fileProblems, ...checks.savedProblems].map((p, i) => (
        <p key={i} className="note note-warn mono small">
          {formatProblem(p)}
        </p>
      ))}
      {asserted.length ? (
        <ol className="checks-list">
          {asserted.map(({ k }) => (
            <StepCheckCard
              key={k}
              sourceId={sourceId}
              opened={opened}
              step={k}
              current={checks.stepChecks(k)}
              hasFile={checks.fileName !== null}
              taskKey={checks.taskKey}
              name={name}
              onSave={checks.save}
              onRevert={checks.revert}
            />
          ))}
        </ol>
      ) : (
        <p className="hint">This task has no logical assertions: nothing to check.</p>
      )}
    </div>
  );
}
