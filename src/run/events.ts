// Collects the agent's event stream between two records, so each step record carries the
// console output, errors, dialogs and blocked requests that happened during that step.
import type { AgentEvent } from '../agent/protocol.ts';
import type { StepRecord } from './types.ts';

type Streams = Pick<StepRecord, 'console' | 'errors' | 'dialogs' | 'blocked' | 'opened'>;

export class EventSink {
  private s: Streams = EventSink.empty();
  private files = { missing: [] as string[], refused: [] as string[] };

  private static empty(): Streams {
    return { console: [], errors: [], dialogs: [], blocked: [], opened: [] };
  }

  push(e: AgentEvent): void {
    switch (e.type) {
      case 'console':
        this.s.console.push({ level: String(e.level), text: String(e.text).slice(0, 2000) });
        break;
      case 'error':
        this.s.errors.push(
          `${String(e.message).slice(0, 1000)}${e.source ? ` (${String(e.source).slice(0, 200)}${e.line ? `:${Number(e.line)}` : ''})` : ''}`,
        );
        break;
      case 'dialog':
        this.s.dialogs.push({
          dialog: String(e.dialog),
          message: String(e.message).slice(0, 1000),
          answer: typeof e.answer === 'boolean' || typeof e.answer === 'string' ? e.answer : null,
        });
        break;
      case 'blocked':
        this.s.blocked.push({ url: String(e.url).slice(0, 500), directive: String(e.directive) });
        break;
      case 'opened':
        this.s.opened.push(String(e.url).slice(0, 500));
        break;
      case 'file':
        if (e.problem === 'missing' || e.problem === 'refused') this.files[e.problem].push(String(e.text).slice(0, 500));
        break;
      default:
        break;
    }
  }

  drain(): Streams {
    const out = this.s;
    this.s = EventSink.empty();
    return out;
  }

  /** A multi-file candidate's run-time requests for files it lacks or outside it, since the last call. */
  drainFiles(): { missing: string[]; refused: string[] } {
    const out = this.files;
    this.files = { missing: [], refused: [] };
    return out;
  }
}
