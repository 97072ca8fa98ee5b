import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** The users table with each row's buttons side by side, over each other, or (when neither fits) no table: cards. */
export type TableLayout = 'row' | 'stack' | 'cards';

/**
 * Which layout fits the table's box: the table's least width (`width: min-content`, its columns' minimums) with the
 * buttons side by side, else with them stacked, against the box's width. The table carries the buttons' layout in
 * `data-actions` and stays laid out while the cards show (hidden with `visibility`, not `display: none`), so both
 * widths can be measured at any time: the answer does not depend on the layout on screen.
 *
 * Measured after each render before the page is painted, so a table that does not fit is never shown, and again when
 * the box or the table changes size (the window, the page's column, a font that loads). Without layout, as in jsdom,
 * where every width is 0, the buttons stand side by side.
 */
export function useTableLayout() {
  const box = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLTableElement>(null);
  const [layout, setLayout] = useState<TableLayout>('row');

  const measure = useCallback(() => {
    const room = box.current?.clientWidth ?? 0;
    const element = table.current;
    if (!element) return;
    const shown = element.dataset.actions;
    const leastWidth = (actions: 'row' | 'stack') => {
      element.dataset.actions = actions;
      return Math.ceil(element.getBoundingClientRect().width);
    };
    element.style.width = 'min-content';
    const next = leastWidth('row') <= room ? 'row' : leastWidth('stack') <= room ? 'stack' : 'cards';
    element.style.width = '';
    if (shown === undefined) delete element.dataset.actions;
    else element.dataset.actions = shown;
    setLayout(next);
  }, []);

  useLayoutEffect(measure);

  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measure());
    for (const element of [box.current, table.current]) if (element) observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);

  return { box, table, layout };
}
