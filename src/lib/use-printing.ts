import { useEffect, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';

/** How long after printing width changes are still ignored (the window takes its size back). */
const SETTLE_MS = 1000;

/**
 * True while the page is printed or laid out for print: the print media query, or the window's
 * beforeprint until shortly after afterprint. Print layout narrows the page to the paper's width,
 * which must never count as a small screen.
 */
export function usePrinting(): boolean {
  const printMedia = useMediaQuery('print', false, { getInitialValueInEffect: false });
  const [printEvent, setPrintEvent] = useState(false);
  useEffect(() => {
    let settle: ReturnType<typeof setTimeout> | undefined;
    const before = () => {
      clearTimeout(settle);
      setPrintEvent(true);
    };
    const after = () => {
      clearTimeout(settle);
      settle = setTimeout(() => setPrintEvent(false), SETTLE_MS);
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      clearTimeout(settle);
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printMedia || printEvent;
}
