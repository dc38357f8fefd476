// The service worker's two messages (service-worker.ts): the app is ready to work offline,
// and a new version is waiting (reload to use it). Shown under the header, like the resume
// banner; a polite live region, so a screen reader hears them without losing its place.
import { useEffect } from 'react';
import { Button } from '../components/Button.tsx';
import { registerOffline, useOffline } from './service-worker.ts';
import '../exchange/exchange.css';

export function OfflineNotice() {
  const state = useOffline((s) => s.state);
  const applyUpdate = useOffline((s) => s.applyUpdate);
  const dismiss = useOffline((s) => s.dismiss);

  useEffect(() => registerOffline(), []);

  if (state.kind === 'none') return null;
  if (state.kind === 'update')
    return (
      <div className="resume-banner" role="status" aria-live="polite" data-testid="update-notice">
        <span>A new version of IWR Studio is available.</span>
        <div className="spacer" />
        <Button size="sm" variant="primary" onClick={() => void applyUpdate()}>
          Reload to update
        </Button>
        <Button size="sm" variant="ghost" onClick={dismiss}>
          Later
        </Button>
      </div>
    );
  return (
    <div className="resume-banner" role="status" aria-live="polite" data-testid="offline-notice">
      <span>Ready to work offline: the app, the sample tasks and the scoring engines are saved in this browser.</span>
      <div className="spacer" />
      <Button size="sm" variant="ghost" onClick={dismiss}>
        Dismiss
      </Button>
    </div>
  );
}
