// What every agent part shares: the saved DOM references, the elements of the last
// snapshot (actions address them by index), the run's network policy, and the event sink.
import type { AgentEvent, NetworkPolicy } from './protocol.ts';
import type { Saved } from './saved.ts';

export interface AgentContext {
  saved: Saved;
  elements: Element[];
  policy: NetworkPolicy;
  emit(event: AgentEvent): void;
  /** More window listeners to put back after document.open (installListeners runs them). */
  reinstall?: Array<() => void>;
}
