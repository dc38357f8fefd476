// Storage used by the app and ways to free it.
import { useCallback, useEffect, useState } from 'react';
import { Card } from '../components/Card.tsx';
import { Button } from '../components/Button.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { bytes } from '../format.ts';
import { clearStore, isPersisted, requestPersistence, storageEstimate, storeUsage, type StoreUsage } from './storage.ts';
import type { StoreName } from '../../data/db.ts';

/** Stores that are freed together: runs without their screenshots (or the reverse) make no sense. */
const CLEAR_GROUPS: Partial<Record<StoreName, StoreName[]>> = { runs: ['runs', 'blobs'], blobs: ['runs', 'blobs'] };

export function StoragePanel() {
  const [est, setEst] = useState<{ usage: number; quota: number } | null>(null);
  const [rows, setRows] = useState<StoreUsage[] | null>(null);
  const [persisted, setPersisted] = useState<boolean | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const refresh = useCallback(() => {
    Promise.all([storageEstimate(), storeUsage(), isPersisted()]).then(
      ([e, r, p]) => {
        setError(null);
        setEst(e);
        setRows(r);
        setPersisted(p);
      },
      (e: unknown) => setError(e),
    );
  }, []);
  useEffect(refresh, [refresh]);

  const clear = async (row: StoreUsage) => {
    const group = CLEAR_GROUPS[row.store] ?? [row.store];
    const what = group.map((s) => rows?.find((r) => r.store === s)?.label ?? s).join(' and ');
    if (!confirm(`Delete all ${what.toLowerCase()}? This cannot be undone.`)) return;
    setBusy(row.store);
    try {
      for (const s of group) await clearStore(s);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
      refresh();
    }
  };

  return (
    <Card
      title="Storage"
      id="settings-storage"
      actions={
        <Button size="sm" variant="ghost" onClick={refresh}>
          Refresh
        </Button>
      }
      className="span-all"
    >
      {error ? <ErrorPanel title="Could not read storage use." error={error} actions={[{ label: 'Try again', onClick: refresh }]} /> : null}
      {est ? (
        <ProgressBar
          label={`${bytes(est.usage)} used of ${est.quota ? bytes(est.quota) : 'an unknown quota'}`}
          value={est.quota ? est.usage / est.quota : 0}
          detail={est.quota ? `${((est.usage / est.quota) * 100).toFixed(1)}%` : ''}
        />
      ) : (
        <p className="hint">Measuring…</p>
      )}
      <p className="hint">
        {persisted === null
          ? 'This browser cannot mark storage as persistent.'
          : persisted
            ? 'Storage is persistent: the browser will not evict it under pressure.'
            : 'Storage is best-effort: the browser may evict it when the disk is nearly full.'}{' '}
        {persisted === false ? (
          <Button size="sm" variant="ghost" onClick={() => void requestPersistence().then(refresh)}>
            Ask to keep it
          </Button>
        ) : null}
      </p>
      {rows ? (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Storage by store">
          <table className="data">
            <thead>
              <tr>
                <th>What</th>
                <th className="num">Items</th>
                <th className="num">Size (approx.)</th>
                <th>Freeing it</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.store}>
                  <td>{r.label}</td>
                  <td className="num">{r.count}</td>
                  <td className="num">{bytes(r.bytes)}</td>
                  <td className="muted">{r.note}</td>
                  <td className="num">
                    {r.store === 'files' ? (
                      <a className="btn btn-sm" href="#/sources">
                        Manage sources
                      </a>
                    ) : (
                      <Button
                        size="sm"
                        variant="danger"
                        disabled={!r.count || busy !== null}
                        busy={busy === r.store}
                        onClick={() => void clear(r)}
                      >
                        Clear
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Card>
  );
}
