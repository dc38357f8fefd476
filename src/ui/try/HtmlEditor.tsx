// CodeMirror 6 in HTML mode. The editor owns its document; the parent hears about changes
// through onChange and replaces the document only when `docKey` changes (another candidate
// opened, a file dropped), so typing never fights a React re-render.
import { useEffect, useRef } from 'react';
import { EditorView, basicSetup } from 'codemirror';
import { EditorState } from '@codemirror/state';
import { html } from '@codemirror/lang-html';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';

const theme = EditorView.theme(
  {
    '&': { height: '100%', backgroundColor: '#12151b', color: '#e7e9ee', fontSize: '13px' },
    '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.5' },
    '.cm-content': { caretColor: '#8fbcff' },
    '.cm-cursor, .cm-dropCursor': { borderLeftColor: '#8fbcff' },
    '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: '#2d4670 !important' },
    '.cm-gutters': { backgroundColor: '#12151b', color: '#8a93a3', border: 'none', borderRight: '1px solid #2a2f3a' },
    '.cm-activeLine': { backgroundColor: '#1a1e26' },
    '.cm-activeLineGutter': { backgroundColor: '#1a1e26', color: '#a3acba' },
    '.cm-matchingBracket': { backgroundColor: '#2d4670', outline: 'none' },
    '.cm-panels': { backgroundColor: '#171a21', color: '#e7e9ee' },
    '.cm-searchMatch': { backgroundColor: '#5a4a1a' },
    '.cm-tooltip': { backgroundColor: '#232833', border: '1px solid #3a4150' },
    '.cm-foldPlaceholder': { backgroundColor: '#232833', border: 'none', color: '#a3acba' },
  },
  { dark: true },
);

// Colours chosen for >= 4.5:1 on the editor background.
const highlight = HighlightStyle.define([
  { tag: [t.tagName, t.angleBracket], color: '#ff8f8f' },
  { tag: t.attributeName, color: '#ffc17a' },
  { tag: [t.attributeValue, t.string], color: '#9be39b' },
  { tag: [t.keyword, t.operatorKeyword, t.modifier], color: '#c8a6ff' },
  { tag: [t.comment, t.meta], color: '#8a93a3', fontStyle: 'italic' },
  { tag: [t.number, t.bool, t.null, t.atom], color: '#ffb86c' },
  { tag: [t.propertyName], color: '#8fd3ff' },
  { tag: [t.function(t.variableName), t.function(t.propertyName)], color: '#8fbcff' },
  { tag: [t.className, t.typeName], color: '#ffd479' },
  { tag: t.invalid, color: '#ff7b7b' },
]);

export function HtmlEditor({
  value,
  docKey,
  onChange,
  label,
}: {
  value: string;
  docKey: string;
  onChange: (html: string) => void;
  label: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const v = new EditorView({
      parent: el,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          html(),
          theme,
          syntaxHighlighting(highlight),
          EditorView.lineWrapping,
          // tabindex 0 says outright what contenteditable implies, so checkers (axe's
          // scrollable-region-focusable) see that the scrolling editor can be reached by keyboard.
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) onChangeRef.current(u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // A new document (docKey) builds a new editor: undo history belongs to one candidate.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [docKey]);

  return <div ref={host} className="editor-host" />;
}
