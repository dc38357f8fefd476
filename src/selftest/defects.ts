// Defect variants of a reference page, for `iwr selftest`: each one breaks one behaviour the
// way real model output does (a handler missing, labels mixed up, arithmetic off by one step,
// a field that ignores typing, a panel that never opens) while the page still looks the same
// at load. An evaluation mode that scores such a variant as high as the reference cannot tell
// a working page from a broken one. Pure: the variant is the reference HTML with one script
// added at the top of <head>, so it runs before the page's own scripts.
import type { TaskRecord } from '../task/types.ts';

export const DEFECTS = ['handler-removed', 'label-swapped', 'counter-plus-two', 'ignores-input', 'never-opens'] as const;
export type DefectName = (typeof DEFECTS)[number];

export interface Defect {
  name: DefectName;
  /** One line for the table: what the variant does to the page. */
  summary: string;
  /** Why the defect cannot show on this task (null: it applies). */
  notApplicable(task: TaskRecord, html: string): string | null;
  /** The script injected into the page. */
  script(task: TaskRecord): string;
}

const steps = (task: TaskRecord) => (Array.isArray(task.action_sequence) ? task.action_sequence : []);
const description = (s: { parameters?: unknown }) => String((s.parameters as { description?: unknown } | undefined)?.description ?? '');

/**
 * The label a step names, as an annotator quotes it ("Click the 'Add to basket' button"):
 * the first quoted phrase of the first Click step with an assertion (else the first Click).
 */
export function clickedLabel(task: TaskRecord): string | null {
  const clicks = steps(task).filter((s) => s.type === 'Click');
  const first = clicks.find((s) => typeof s.logical_assertion === 'string' && s.logical_assertion.trim()) ?? clicks[0];
  if (!first) return null;
  const m = /['‘"“]([^'’"”]{1,60})['’"”]/.exec(description(first));
  return m?.[1]?.trim() || null;
}

const hasClick = (task: TaskRecord) => (steps(task).some((s) => s.type === 'Click') ? null : 'the task has no Click step');

// The scripts below run in the page (any page), so they are plain ES2015 with no imports.

/** Clicks on the named control (or, with no name, on anything) reach no listener; default actions (a checkbox ticking) still happen. */
function handlerRemoved(label: string | null): string {
  return `(function () {
  var label = ${JSON.stringify(label ? label.toLowerCase() : null)};
  function named(el) {
    for (var i = 0; el && i < 5; i++, el = el.parentElement) {
      var t = (el.textContent || '').replace(/\\s+/g, ' ').trim().toLowerCase();
      if (t.indexOf(label) >= 0 && t.length <= label.length + 40) return true;
    }
    return false;
  }
  // A checkbox answers with 'change', a button with 'click': both are the control's handler.
  function block(e) { if (label === null || named(e.target)) e.stopImmediatePropagation(); }
  window.addEventListener('click', block, true);
  window.addEventListener('change', block, true);
})();`;
}

/** The named control (else the first control) and the next control with another label exchange their texts. */
function labelSwapped(label: string | null): string {
  return `(function () {
  var label = ${JSON.stringify(label ? label.toLowerCase() : null)};
  function text(el) { return (el.textContent || '').replace(/\\s+/g, ' ').trim(); }
  function swap() {
    var all = document.querySelectorAll('button, [role="button"], [role="tab"], a[href], summary, input[type="button"], input[type="submit"]');
    var controls = [];
    for (var i = 0; i < all.length; i++) {
      var t = all[i].tagName === 'INPUT' ? all[i].value : text(all[i]);
      if (t && t.length <= 40) controls.push({ el: all[i], text: t });
    }
    var a = 0;
    if (label !== null) for (var j = 0; j < controls.length; j++) if (controls[j].text.toLowerCase().indexOf(label) >= 0) { a = j; break; }
    var b = -1;
    for (var k = 1; k < controls.length && b < 0; k++) {
      var c = controls[(a + k) % controls.length];
      if (c.text !== (controls[a] && controls[a].text)) b = (a + k) % controls.length;
    }
    if (!controls[a] || b < 0) return;
    var x = controls[a], y = controls[b];
    function set(el, t) { if (el.tagName === 'INPUT') el.value = t; else el.textContent = t; }
    set(x.el, y.text);
    set(y.el, x.text);
  }
  if (document.readyState === 'complete') swap(); else window.addEventListener('load', swap);
})();`;
}

/**
 * Every number the page changes on screen moves twice as far: the page writes 1 after 0, the
 * screen shows 2; the page's own state is untouched, so the next change doubles again from
 * what is shown. Only short texts holding one integer count (counters, badges, totals).
 */
function counterPlusTwo(): string {
  return `(function () {
  var state = new WeakMap();
  function own(el) {
    var s = '';
    for (var n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 3) s += n.data;
    return s;
  }
  function intIn(s) { var m = /-?\\d+/.exec(s); return s.length <= 60 && m ? parseInt(m[0], 10) : null; }
  function remember(el) {
    var v = intIn(own(el));
    if (v !== null && !state.has(el)) state.set(el, { page: v, shown: v });
  }
  function update(el) {
    var v = intIn(own(el));
    if (v === null) return;
    var s = state.get(el);
    if (!s) { state.set(el, { page: v, shown: v }); return; }
    if (v === s.shown) return;
    var shown = s.shown + 2 * (v - s.page);
    s.page = v;
    s.shown = shown;
    for (var n = el.firstChild; n; n = n.nextSibling)
      if (n.nodeType === 3 && /-?\\d+/.test(n.data)) { n.data = n.data.replace(/-?\\d+/, String(shown)); break; }
  }
  function start() {
    var all = document.body.querySelectorAll('*');
    for (var i = 0; i < all.length; i++) remember(all[i]);
    new MutationObserver(function (list) {
      for (var i = 0; i < list.length; i++) {
        var t = list[i].target;
        var el = t.nodeType === 3 ? t.parentElement : t;
        if (el && el !== document.body) update(el);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})();`;
}

/** Text fields drop what is typed: the page's input listeners never hear it and the value stays empty. */
function ignoresInput(): string {
  return `(function () {
  var TEXTLIKE = /^(text|search|email|url|tel|password|number|date|time|datetime-local|month|week)$/;
  function textField(t) {
    return t && (t.tagName === 'TEXTAREA' || (t.tagName === 'INPUT' && TEXTLIKE.test(t.type || 'text')) || t.isContentEditable);
  }
  function drop(e) {
    var t = e.target;
    if (!textField(t)) return;
    if (e.type === 'beforeinput') e.preventDefault();
    if ('value' in t) t.value = ''; else t.textContent = '';
    e.stopImmediatePropagation();
  }
  window.addEventListener('beforeinput', drop, true);
  window.addEventListener('input', drop, true);
  window.addEventListener('change', drop, true);
})();`;
}

/**
 * Whatever is hidden once the page has loaded stays hidden (tab panels, dialogs, menus), and
 * dialogs, menus and popups added later never show.
 */
function neverOpens(): string {
  return `(function () {
  var closed = [];
  var POPUP = /modal|dialog|popup|popover|drawer|dropdown|lightbox|overlay/i;
  function hide(el) { el.style.setProperty('display', 'none', 'important'); }
  function shown(el) { var s = getComputedStyle(el); return s.display !== 'none' && s.visibility !== 'hidden'; }
  function start() {
    var all = document.body.querySelectorAll('*');
    for (var i = 0; i < all.length; i++) {
      var el = all[i];
      if (/^(SCRIPT|STYLE|TEMPLATE|NOSCRIPT)$/.test(el.tagName)) continue;
      if (el.hidden || !shown(el) || (el.tagName === 'DIALOG' && !el.open)) closed.push(el);
    }
    new MutationObserver(function (list) {
      for (var i = 0; i < list.length; i++) {
        var added = list[i].addedNodes;
        for (var j = 0; j < added.length; j++) {
          var n = added[j];
          if (n.nodeType !== 1) continue;
          var cls = typeof n.className === 'string' ? n.className : '';
          if (n.tagName === 'DIALOG' || POPUP.test(cls) || /dialog|menu/.test(n.getAttribute('role') || '')) closed.push(n);
        }
      }
      for (var k = 0; k < closed.length; k++) if (shown(closed[k])) hide(closed[k]);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  }
  if (document.readyState === 'complete') start(); else window.addEventListener('load', start);
})();`;
}

export const DEFECT_TABLE: Record<DefectName, Defect> = {
  'handler-removed': {
    name: 'handler-removed',
    summary: 'the first clicked control has no click or change handler',
    notApplicable: hasClick,
    script: (task) => handlerRemoved(clickedLabel(task)),
  },
  'label-swapped': {
    name: 'label-swapped',
    summary: 'the first clicked control and its neighbour exchange labels',
    notApplicable: hasClick,
    script: (task) => labelSwapped(clickedLabel(task)),
  },
  'counter-plus-two': {
    name: 'counter-plus-two',
    summary: 'every number the page changes moves twice as far',
    notApplicable: (task) =>
      steps(task).some((s) => typeof s.logical_assertion === 'string' && /\d/.test(s.logical_assertion))
        ? null
        : 'no assertion names a number',
    script: () => counterPlusTwo(),
  },
  'ignores-input': {
    name: 'ignores-input',
    summary: 'text fields drop what is typed',
    notApplicable: (task) => (steps(task).some((s) => s.type === 'Type') ? null : 'the task has no Type step'),
    script: () => ignoresInput(),
  },
  'never-opens': {
    name: 'never-opens',
    summary: 'hidden panels, dialogs and menus never show',
    notApplicable: (_task, html) =>
      /\shidden[\s>=]|display\s*:\s*none|<dialog|visibility\s*:\s*hidden|aria-expanded/i.test(html)
        ? null
        : 'the page hides nothing to open',
    script: () => neverOpens(),
  },
};

/** The reference page with the defect's script first in <head> (or first in the document). */
export function withDefect(html: string, task: TaskRecord, defect: DefectName): string {
  const tag = `<script data-iwr-defect="${defect}">\n${DEFECT_TABLE[defect].script(task)}\n</script>`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + tag + html.slice(head.index + head[0].length);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? doctype[0] + tag + html.slice(doctype[0].length) : tag + html;
}

export interface Variant {
  defect: DefectName;
  html: string;
}

/** The applicable variants of a reference page, and why the others were left out. */
export function defectVariants(
  html: string,
  task: TaskRecord,
  only: readonly DefectName[] = DEFECTS,
): { variants: Variant[]; skipped: { defect: DefectName; reason: string }[] } {
  const variants: Variant[] = [];
  const skipped: { defect: DefectName; reason: string }[] = [];
  for (const name of only) {
    const reason = DEFECT_TABLE[name].notApplicable(task, html);
    if (reason) skipped.push({ defect: name, reason });
    else variants.push({ defect: name, html: withDefect(html, task, name) });
  }
  return { variants, skipped };
}

/** A mode caught a variant when the variant's score is below the reference's (no tolerance: scores are deterministic). */
export const caught = (reference: number, variant: number): boolean => variant < reference;
