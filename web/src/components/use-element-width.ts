import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of the element `ref` is put on, kept as it changes (the window resized, the side menu opened or closed);
 * null before it is laid out. A table reads it to choose the columns that fit the room it has.
 */
export function useElementWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Measured before the first paint, so the table is not drawn once with columns that do not fit.
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
