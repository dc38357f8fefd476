// The service worker's two messages (service-worker.ts): the app is ready to work offline,
// and a new version is waiting (reload to use it). Shown under the header, like the resume
// banner; a polite live region, so a screen reader hears them without losing its place.
// The chosen DINO model is not in the worker's cache unless it is the built-in test model: a
// model from a URL is kept in IndexedDB once downloaded, so the notice says when it is not yet.
import { useEffect, useState } from 'react';
import { Button } from '../components/Button.tsx';
import { hrefFor } from '../router.ts';
import { useSettings } from '../settings/store.ts';
import { choiceOf } from '../settings/dino-choice.ts';
import { getStoredModel } from '../../data/models.ts';
import { modelIdForUrl } from '../../shared/dino-id.ts';
import { registerOffline, useOffline } from './service-worker.ts';
import '../exchange/exchange.css';

/** The chosen model's name when it would be missing offline, else null. */
function useModelMissingOffline(active: boolean): string | null {
  const dino = useSettings((s) => s.settings.dino);
  const loaded = useSettings((s) => s.loaded);
  const [kept, setKept] = useState<{ url: string; kept: boolean } | null>(null);
  const choice = choiceOf(dino);
  const url = new URL(dino.modelUrl, document.baseURI).href;
  const asks = active && loaded && choice !== 'test' && choice !== 'file';
  useEffect(() => {
    if (!asks) return;
    let live = true;
    getStoredModel(url).then(
      (m) => live && setKept({ url, kept: m !== null }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [asks, url]);
  return asks && kept?.url === url && !kept.kept ? (dino.modelId ?? modelIdForUrl(url)) : null;
}

export function OfflineNotice() {
  const state = useOffline((s) => s.state);
  const applyUpdate = useOffline((s) => s.applyUpdate);
  const dismiss = useOffline((s) => s.dismiss);
  const modelMissing = useModelMissingOffline(state.kind === 'ready');

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
      <span>
        Ready to work offline: the app, the sample tasks and the scoring engines are saved in this browser.
        {modelMissing ? (
          <>
            {' '}
            The DINO model {modelMissing} is not saved yet: <a href={hrefFor({ name: 'settings', section: 'dino' })}>load it in Settings</a>{' '}
            to score offline.
          </>
        ) : null}
      </span>
      <div className="spacer" />
      <Button size="sm" variant="ghost" onClick={dismiss}>
        Dismiss
      </Button>
    </div>
  );
}
