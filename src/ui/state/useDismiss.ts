// Closing a pop-up the way people expect: Escape anywhere, or a press outside it. Listens on the
// document only while open, in the capture phase, so a screen that stops propagation of its own
// clicks (the editor, a preview frame's overlay) still closes the menu.
import { useEffect, useRef, type RefObject } from 'react';

/**
 * While `open`, calls `onDismiss('escape')` on Escape and `onDismiss('outside')` on a press that
 * starts outside every element of `inside` (the pop-up and the button that opens it: a press on
 * the button is the button's own toggle).
 */
export function useDismiss(
  open: boolean,
  inside: readonly RefObject<HTMLElement | null>[],
  onDismiss: (how: 'escape' | 'outside') => void,
): void {
  // The latest callback, so the listeners are added once per opening, not once per render.
  const latest = useRef(onDismiss);
  useEffect(() => {
    latest.current = onDismiss;
  });
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      latest.current('escape');
    };
    const onPress = (e: PointerEvent) => {
      const target = e.target as Node | null;
      if (target && inside.some((r) => r.current?.contains(target))) return;
      latest.current('outside');
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPress, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPress, true);
    };
    // `inside` holds refs, stable across renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
}
