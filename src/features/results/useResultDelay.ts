import { useEffect, useRef, useState } from 'react';
import { TIMING } from '../../../core/decisions';
import type { TaskStatus } from '../../../core/contract';

/**
 * Results show 2 s after a task completes (spec section 4) when the completion is watched live;
 * a task that was already complete when the page opened shows at once.
 */
export function useResultDelay(status: TaskStatus | null | undefined): boolean {
  const sawUnfinished = useRef(false);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (status === 'queued' || status === 'running') {
      sawUnfinished.current = true;
      setReady(false);
      return;
    }
    if (status !== 'completed') return;
    if (!sawUnfinished.current) {
      setReady(true);
      return;
    }
    const t = setTimeout(() => setReady(true), TIMING.resultDelayMs);
    return () => clearTimeout(t);
  }, [status]);
  return status === 'completed' && (ready || !sawUnfinished.current);
}
