// The probe elements the alert table's fonts are read from (the fonts the column widths are measured with), rendered
// by the list while it loads, and the first part of measuring the columns done with them.
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { prefsAtom } from '../../../state/user.ts';
import { rowContextAtom } from '../../../state/alerts-screen.ts';
import { CHIP_TEXT, OUTLINE_TEXT } from '../rows/AlertCells.tsx';
import { prepareColumnMeasure, tableFontsAtom, type TableFonts } from './column-layout.ts';
import { HEADER_TEXT } from './HeaderCells.tsx';

/** Reads the fonts the table really uses from its probe elements, again when the font preferences or the width change them. */
function useTableFonts(probes: RefObject<HTMLElement | null>) {
  const setFonts = useSetAtom(tableFontsAtom);
  const font = useAtomValue(prefsAtom).font;
  useLayoutEffect(() => {
    const read = () => {
      const root = probes.current;
      if (!root) return;
      const fontOf = (name: keyof TableFonts) => {
        const el = root.querySelector<HTMLElement>(`[data-probe="${name}"]`);
        if (!el) return '';
        const style = getComputedStyle(el);
        // Chromium gives the shorthand; other engines may leave it empty.
        return style.font || `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      };
      const next: TableFonts = { body: fontOf('body'), header: fontOf('header'), chip: fontOf('chip'), outline: fontOf('outline'), mono: fontOf('mono') };
      setFonts((prev) => (prev && JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
    };
    read();
    window.addEventListener('resize', read);
    return () => window.removeEventListener('resize', read);
  }, [probes, setFonts, font]);
}

/**
 * The table's fonts, read from probe elements in each of them. The list renders these while it loads (AlertList.tsx),
 * before the first rows: the table's first frame then has the columns' measured widths. Read in the table's own first
 * commit, the fonts came one render late: the first rows showed with every column 100 px wide, then jumped to their
 * widths, and the read made the browser work out the styles of the rows just added on the spot.
 */
export function TableFontProbes() {
  const probesRef = useRef<HTMLDivElement>(null);
  useTableFonts(probesRef);
  // With the fonts, what measuring the columns needs besides the rows (the headers, a date's width): in the list's
  // commit, before the table's render, which then measures only the rows (two tasks, not one long one).
  const fonts = useAtomValue(tableFontsAtom);
  const ctx = useAtomValue(rowContextAtom);
  useLayoutEffect(() => {
    if (fonts && ctx) prepareColumnMeasure(fonts, ctx);
  }, [fonts, ctx]);
  return (
    <div ref={probesRef} aria-hidden="true" className="pointer-events-none invisible absolute h-0 overflow-hidden">
      <span data-probe="body">x</span>
      <span data-probe="header" className={HEADER_TEXT}>x</span>
      <span data-probe="chip" className={CHIP_TEXT}>x</span>
      <span data-probe="outline" className={OUTLINE_TEXT}>x</span>
      <span data-probe="mono" className="font-mono">x</span>
    </div>
  );
}
