// The built-in parts of fields (a search box's clear button, a number box's arrows), as the
// page's style sheets set them.
import type { Saved } from '../saved.ts';

/**
 * Chromium's own parts of a field that page CSS commonly hides or resizes. getComputedStyle
 * does not report them (it answers with the field's own style), so snapdom cannot copy
 * them, and the clone (whose author style sheets are taken out, see author-css.ts) draws
 * them as the browser's defaults.
 */
const FIELD_PART =
  /::-webkit-(?:search-cancel-button|search-decoration|search-results-button|search-results-decoration|inner-spin-button|outer-spin-button|calendar-picker-indicator|clear-button)\b/;

/** A selector list split at its top-level commas (not those inside `:is(...)` or strings). */
export function splitSelectorList(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === ',' && depth === 0) {
      out.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(list.slice(start).trim());
  return out.filter(Boolean);
}

/**
 * One rule's text for the clone: only the selectors of its list that name a field part
 * (the others name whole elements, whose computed style the clone already carries), and
 * only declarations that do not depend on custom properties (the clone defines none).
 */
export function fieldPartRule(selectorText: string, declarations: Iterable<[string, string, string]>): string | null {
  const selectors = splitSelectorList(selectorText).filter((sel) => FIELD_PART.test(sel));
  if (!selectors.length) return null;
  let body = '';
  for (const [prop, value, priority] of declarations) {
    if (prop.startsWith('--') || value.includes('var(')) continue;
    body += `${prop}:${value}${priority ? ' !important' : ''};`;
  }
  return body ? `${selectors.join(',')}{${body}}` : null;
}

/**
 * In a search box whose page CSS hid the clear button (Choices.js, many search bars), the
 * clone kept the button's room: empty, it is invisible but laid out, 9 px or more at the
 * field's end, and a right-to-left placeholder was cut at the left ("This is a placeholder"
 * lost its T, and with it OCR's reading of the line). The page's rules for these parts go
 * back into the clone, those of media and supports blocks that apply to the page.
 */
export function fieldPartsCss(s: Saved): string {
  const rules: string[] = [];
  const walk = (list: CSSRuleList) => {
    for (const rule of Array.from(list)) {
      if ('selectorText' in rule && 'style' in rule) {
        const r = rule as CSSStyleRule;
        if (!FIELD_PART.test(r.selectorText)) continue;
        const style = r.style;
        const decls: [string, string, string][] = [];
        for (let i = 0; i < style.length; i++) {
          const prop = style.item(i);
          decls.push([prop, style.getPropertyValue(prop), style.getPropertyPriority(prop)]);
        }
        const text = fieldPartRule(r.selectorText, decls);
        if (text) rules.push(text);
      } else if ('media' in rule && 'cssRules' in rule) {
        const m = rule as CSSMediaRule;
        if (s.win.matchMedia(m.media.mediaText).matches) walk(m.cssRules);
      } else if ('conditionText' in rule && 'cssRules' in rule) {
        const c = rule as CSSSupportsRule;
        if ((s.win as Window & typeof globalThis).CSS.supports(c.conditionText)) walk(c.cssRules);
      } else if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
    }
  };
  for (const sheet of Array.from(s.doc.styleSheets)) {
    let list: CSSRuleList;
    try {
      list = sheet.cssRules;
    } catch {
      continue; // a cross-origin sheet the frame cannot read
    }
    if (sheet.disabled || (sheet.media.mediaText && !s.win.matchMedia(sheet.media.mediaText).matches)) continue;
    walk(list);
  }
  return rules.join('\n');
}
