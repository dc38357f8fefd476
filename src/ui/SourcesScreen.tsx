// The "Sources" screen: the sources panel under the shell's usual screen heading.
import { SourcesPanel } from './sources/SourcesPanel.tsx';

export function SourcesScreen() {
  return (
    <div className="sources-screen">
      <div className="screen-head">
        <div>
          <h2>Task sources</h2>
          <p className="sub">
            Folders, zips and dataset URLs added here appear in the <a href="#/tasks">gallery</a> next to the built-in samples, and stay
            listed after a reload.
          </p>
        </div>
      </div>
      <SourcesPanel />
    </div>
  );
}
