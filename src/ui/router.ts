// A hash router: the app is served as static files from any sub-path, so the route lives
// after `#` and needs no server rewrite. Routes are plain data; screens read them through
// `useRoute()` and move with `navigate()` or ordinary `<a href="#/...">` links.
import { useSyncExternalStore } from 'react';

export type Route =
  | { name: 'tasks' }
  | { name: 'task'; sourceId: string; taskId: string }
  | { name: 'try'; sourceId: string; taskId: string; candidateId?: string }
  | { name: 'results'; runId: string; checkpoint?: number }
  | { name: 'leaderboard' }
  | { name: 'judge'; queue?: string }
  | { name: 'settings'; section?: string }
  | { name: 'sources' }
  | { name: 'record' }
  | { name: 'notfound'; path: string };

const enc = encodeURIComponent;
const dec = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

export function parseHash(hash: string): Route {
  const path = hash.replace(/^#\/?/, '');
  const [pathPart = '', query = ''] = path.split('?');
  const parts = pathPart.split('/').filter(Boolean).map(dec);
  const params = new URLSearchParams(query);
  const [head, a, b, c] = parts;
  switch (head) {
    case undefined:
    case 'tasks':
      return { name: 'tasks' };
    case 'task':
      if (a && b && c === 'try') {
        const candidateId = params.get('candidate');
        return { name: 'try', sourceId: a, taskId: b, ...(candidateId ? { candidateId } : {}) };
      }
      if (a && b && c === undefined) return { name: 'task', sourceId: a, taskId: b };
      break;
    case 'results':
      if (a) {
        const cp = params.get('checkpoint');
        return { name: 'results', runId: a, ...(cp !== null && /^\d+$/.test(cp) ? { checkpoint: Number(cp) } : {}) };
      }
      break;
    case 'leaderboard':
      return { name: 'leaderboard' };
    case 'judge':
      return { name: 'judge', ...(a ? { queue: a } : {}) };
    case 'settings':
      return { name: 'settings', ...(a ? { section: a } : {}) };
    case 'sources':
      return { name: 'sources' };
    case 'record':
      return { name: 'record' };
  }
  return { name: 'notfound', path: '/' + pathPart };
}

export function hrefFor(route: Route): string {
  switch (route.name) {
    case 'tasks':
      return '#/tasks';
    case 'task':
      return `#/task/${enc(route.sourceId)}/${enc(route.taskId)}`;
    case 'try':
      return `#/task/${enc(route.sourceId)}/${enc(route.taskId)}/try${route.candidateId ? `?candidate=${enc(route.candidateId)}` : ''}`;
    case 'results':
      return `#/results/${enc(route.runId)}${route.checkpoint !== undefined ? `?checkpoint=${route.checkpoint}` : ''}`;
    case 'leaderboard':
      return '#/leaderboard';
    case 'judge':
      return `#/judge${route.queue ? `/${enc(route.queue)}` : ''}`;
    case 'settings':
      return `#/settings${route.section ? `/${enc(route.section)}` : ''}`;
    case 'sources':
      return '#/sources';
    case 'record':
      return '#/record';
    case 'notfound':
      return '#' + route.path;
  }
}

export function navigate(route: Route, opts: { replace?: boolean } = {}): void {
  const href = hrefFor(route);
  if (opts.replace) {
    history.replaceState(history.state, '', href);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  } else {
    location.hash = href.slice(1);
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

const getHash = (): string => location.hash;

/** The current route; re-renders on every hash change. */
export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, getHash, getHash);
  // Parsing is cheap; memoising by hash string would only matter for huge trees.
  return parseHash(hash);
}

/** The top-level section a route belongs to, for the header's current-page marker. */
export function sectionOf(route: Route): 'tasks' | 'leaderboard' | 'judge' | 'settings' | 'sources' | 'record' | null {
  switch (route.name) {
    case 'tasks':
    case 'task':
    case 'try':
    case 'results':
      return 'tasks';
    case 'leaderboard':
    case 'judge':
    case 'settings':
    case 'sources':
    case 'record':
      return route.name;
    default:
      return null;
  }
}
