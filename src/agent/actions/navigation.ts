// Under the 'blocked' policy a click must not navigate the frame to another document: the
// request would leave the page (CSP cannot stop navigations) and the agent would be lost.
// A listener added last on window runs after the page's own handlers; if nobody cancelled
// the click and it would follow a link elsewhere, it is cancelled and reported as blocked.
import type { AgentContext } from '../context.ts';
import { call } from '../saved.ts';

function leavesPage(ctx: AgentContext, a: HTMLAnchorElement | HTMLAreaElement): string | null {
  const href = a.getAttribute('href');
  if (href === null || href.trim() === '' || href.trim().startsWith('#') || /^\s*javascript:/i.test(href)) return null;
  if (a.hasAttribute('download')) return null;
  return a.href || href;
}

export function guardNavigation(ctx: AgentContext): () => void {
  const s = ctx.saved;
  const onClick = (ev: Event) => {
    if (ctx.policy !== 'blocked' || ev.defaultPrevented) return;
    const path = ev.composedPath();
    const a = path.find((n): n is HTMLAnchorElement => {
      const t = (n as Element).tagName;
      return t === 'A' || t === 'AREA';
    });
    if (!a) return;
    const url = leavesPage(ctx, a);
    if (!url) return;
    ev.preventDefault();
    ctx.emit({ type: 'blocked', url, directive: 'navigation (link)', at: s.now() });
  };
  call(s.addEventListener, s.win, 'click', onClick as EventListener, false);
  return () => call(s.removeEventListener, s.win, 'click', onClick as EventListener, false);
}
