import { useEffect, useState } from 'react';

const innerWidth = (el: HTMLElement) => {
  const style = getComputedStyle(el);
  return el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
};

/**
 * Whether the element with this id (a column) is at least `width` px wide inside its padding,
 * measured before the first render (so nothing is drawn, and focused, in the wrong form) and
 * followed as it resizes.
 */
export function useColumnFits(columnId: string, width: number): boolean {
  const [fits, setFits] = useState(() => {
    const column = document.getElementById(columnId);
    return column ? innerWidth(column) >= width : true;
  });
  useEffect(() => {
    const column = document.getElementById(columnId);
    if (!column) return;
    const observer = new ResizeObserver(() => setFits(innerWidth(column) >= width));
    observer.observe(column);
    return () => observer.disconnect();
  }, [columnId, width]);
  return fits;
}
