// The "Sources" screen: the sources engineer's panel, mounted in the shell.
import { SourcesPanel } from './sources/SourcesPanel.tsx';

export function SourcesScreen() {
  return (
    <div className="sources-screen">
      <SourcesPanel />
      <p className="hint">
        Tasks of every source appear in the <a href="#/tasks">gallery</a>.
      </p>
    </div>
  );
}
