/**
 * The product's decisions where the spec is silent (../shared/spec/decisions.md), in one place
 * so that the browser, the server and the tests agree on them.
 */

/** The single `ai_model` option of the task creation payload. */
export const AI_MODEL = 'merged_v_3_2025-03-14' as const;
export const AI_MODEL_LABEL = 'Smart Density v3 (2025-03-14)';

/** Mantine's `lg` breakpoint: below it the app is replaced by /desktop-only. */
export const DESKTOP_BREAKPOINT_PX = 992;

/** Admin tables (users, demo users, tasks) show this many rows a page. */
export const ADMIN_PAGE_SIZE = 5;

/** Delays and intervals of spec section 9, in milliseconds. */
export const TIMING = {
  verifyRedirectMs: 5000,
  resetRedirectMs: 3000,
  toastCloseMs: 5000,
  taskRefetchMs: 10_000,
  lastTaskStaleMs: 60_000,
  statusRingTickMs: 1000,
  demoStatusRingTickMs: 250,
  runningProgressMs: 120_000,
  demoRunningProgressMs: 20_000,
  demoCompleteAfterMs: 15_000,
  resultDelayMs: 2000,
  demoSubmitDelayMs: 1000,
  wizardStepDelayMs: 500,
} as const;

export const DEFAULT_BLOCKED_SIGNUP_DOMAINS = ['outlook.com', 'hotmail.com', 'outlook.se', 'hotmail.se'];
