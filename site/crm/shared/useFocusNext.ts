/**
 * Focus that follows a change to a list (an item added, moved or removed): set `.current` to the id
 * of the element to focus, and after the next render it gets the focus, once.
 */
import { useEffect, useRef, type MutableRefObject } from 'react';

export function useFocusNext(): MutableRefObject<string | null> {
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });
  return focusNext;
}
