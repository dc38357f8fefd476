// Whether the window is phone-narrow: the width below which the app lays out in one column.
// The same 760 px appears in the `@media (max-width: 760px)` blocks of the style sheets (CSS
// cannot read a constant from here): a tablet in portrait (768) and up keeps the wide layout.
import { useSyncExternalStore } from 'react';

export const NARROW_QUERY = '(max-width: 760px)';

function subscribe(onChange: () => void): () => void {
  const mq = window.matchMedia(NARROW_QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

const isNarrow = (): boolean => window.matchMedia(NARROW_QUERY).matches;

/** True while the window is at most 760 px wide; re-renders when that changes. */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
