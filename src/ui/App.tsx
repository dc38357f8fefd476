// The shell: header navigation, one screen per route, an error boundary around the screen
// so a failure shows where it happened with a way forward instead of a blank page.
import './styles.css';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useRoute, sectionOf, type Route } from './router.ts';
import { ScreenBoundary } from './components/ScreenBoundary.tsx';
import { GalleryScreen } from './gallery/GalleryScreen.tsx';
import { useSettings } from './settings/store.ts';
import { EmptyState } from './components/Card.tsx';
import { ResumeBanner } from './runs/ResumeBanner.tsx';
import { OfflineNotice } from './offline/OfflineNotice.tsx';
import { useDismiss } from './state/useDismiss.ts';

// Every screen but the gallery (where a visitor lands) loads on demand: CodeMirror (Try it),
// uPlot (Leaderboard), the task page's viewers, the settings and sources panels.
const TaskScreen = lazy(() => import('./task/TaskScreen.tsx').then((m) => ({ default: m.TaskScreen })));
const SettingsScreen = lazy(() => import('./settings/SettingsScreen.tsx').then((m) => ({ default: m.SettingsScreen })));
const SourcesScreen = lazy(() => import('./SourcesScreen.tsx').then((m) => ({ default: m.SourcesScreen })));
const TryScreen = lazy(() => import('./try/TryScreen.tsx').then((m) => ({ default: m.TryScreen })));
const ResultsScreen = lazy(() => import('./results/ResultsScreen.tsx').then((m) => ({ default: m.ResultsScreen })));
const LeaderboardScreen = lazy(() => import('./leaderboard/LeaderboardScreen.tsx').then((m) => ({ default: m.LeaderboardScreen })));
const RecordScreen = lazy(() => import('./record/RecordScreen.tsx').then((m) => ({ default: m.RecordScreen })));
const JudgeScreen = lazy(() => import('./judge/JudgeScreen.tsx').then((m) => ({ default: m.JudgeScreen })));

const NAV = [
  { id: 'tasks', label: 'Tasks', href: '#/tasks' },
  { id: 'leaderboard', label: 'Leaderboard', href: '#/leaderboard' },
  { id: 'judge', label: 'Judge', href: '#/judge' },
  { id: 'settings', label: 'Settings', href: '#/settings' },
  { id: 'sources', label: 'Sources', href: '#/sources' },
  { id: 'record', label: 'Record', href: '#/record' },
] as const;

function Screen({ route }: { route: Route }) {
  switch (route.name) {
    case 'tasks':
      return <GalleryScreen />;
    case 'task':
      return <TaskScreen sourceId={route.sourceId} taskId={route.taskId} />;
    case 'try':
      return <TryScreen sourceId={route.sourceId} taskId={route.taskId} candidateId={route.candidateId} />;
    case 'results':
      return <ResultsScreen runId={route.runId} checkpoint={route.checkpoint} />;
    case 'leaderboard':
      return <LeaderboardScreen />;
    case 'judge':
      return <JudgeScreen />;
    case 'settings':
      return <SettingsScreen section={route.section} />;
    case 'sources':
      return <SourcesScreen />;
    case 'record':
      return <RecordScreen />;
    case 'notfound':
      return (
        <EmptyState title={`Nothing at ${route.path}`}>
          <a href="#/tasks">Go to the task gallery</a>
        </EmptyState>
      );
  }
}

export function App() {
  const route = useRoute();
  const section = sectionOf(route);
  const loadSettings = useSettings((s) => s.load);
  const mainRef = useRef<HTMLElement>(null);
  const key = location.hash.split('?')[0] ?? '';
  // Narrow screens show the navigation as a menu behind one button (styles.css hides the button
  // on wide ones, where the links are always shown and this state does nothing).
  // Open for one screen: held as the screen it was opened on, so moving to another closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === key;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? key : null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  // Escape anywhere gives focus back to the button (where the menu was opened); a press
  // outside leaves focus to whatever was pressed.
  useDismiss(menuOpen, [nav, menuButton], (how) => {
    setMenuOpen(false);
    if (how === 'escape') menuButton.current?.focus();
  });

  useEffect(() => {
    void loadSettings();
  }, [loadSettings]);

  // Moving to another screen puts focus on its content, as a page load would.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [key]);

  return (
    <div className="app">
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          mainRef.current?.focus();
        }}
      >
        Skip to content
      </a>
      <header className="app-header">
        <a className="brand" href="#/tasks">
          <span className="brand-mark" aria-hidden="true">
            ◧
          </span>
          <h1>IWR Studio</h1>
        </a>
        <button
          ref={menuButton}
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <span className="menu-icon" aria-hidden="true" />
          Menu
        </button>
        <nav ref={nav} id="main-nav" aria-label="Main" className={menuOpen ? 'nav-open' : undefined}>
          <ul className="nav">
            {NAV.map((n) => (
              <li key={n.id}>
                <a
                  href={n.href}
                  className={`nav-link${section === n.id ? ' nav-on' : ''}`}
                  aria-current={section === n.id ? 'page' : undefined}
                  onClick={() => setMenuOpen(false)}
                >
                  {n.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="tagline">Video → interactive webpage benchmark, in your browser</p>
      </header>
      <ResumeBanner />
      <OfflineNotice />
      <main id="main" ref={mainRef} tabIndex={-1} className="app-main">
        <ScreenBoundary resetKey={key}>
          <Suspense fallback={<p className="loading">Loading screen…</p>}>
            <Screen route={route} />
          </Suspense>
        </ScreenBoundary>
      </main>
    </div>
  );
}
