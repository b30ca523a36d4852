import { TIMING } from '../../../core/decisions';

/**
 * The demo's simulated submission (spec sections 4 and 9): running for 15 s after it starts, then
 * completed; the result shows 2 s later. The start is kept per profile for the tab, so a reload
 * continues the simulation instead of starting over.
 */
const key = (demoUserId: string) => `demo_submission_started:${demoUserId}`;

export function startDemoSubmission(demoUserId: string, now = Date.now()): number {
  sessionStorage.setItem(key(demoUserId), String(now));
  return now;
}

export function demoSubmissionStart(demoUserId: string): number | null {
  const v = Number(sessionStorage.getItem(key(demoUserId)));
  return Number.isFinite(v) && v > 0 ? v : null;
}

export function clearDemoSubmission(demoUserId: string): void {
  sessionStorage.removeItem(key(demoUserId));
}

export type DemoPhase = 'running' | 'completed';

export function demoPhase(startedAt: number, now: number): DemoPhase {
  return now - startedAt < TIMING.demoCompleteAfterMs ? 'running' : 'completed';
}

/** Progress of the demo ring: grows over 20 s, 100 once completed. */
export function demoProgress(startedAt: number, now: number): number {
  if (demoPhase(startedAt, now) === 'completed') return 100;
  return Math.min(99, ((now - startedAt) / TIMING.demoRunningProgressMs) * 100);
}
