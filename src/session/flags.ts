import type { UserPublic } from '../../core/contract';
import { submissionVerdict } from '../../core/submission-rule';

/** The part of the user that the session rules of spec section 4 read. */
export type FlagUser = Pick<UserPublic, 'submission_count' | 'submission_limit' | 'is_superuser' | 'is_test_user'>;

/** True when there is no user, or the user has submitted at least once. */
export function hasResults(user: FlagUser | null | undefined): boolean {
  return !user || user.submission_count > 0;
}

/** True when the user exists and submissions are open to her at all (core/submission-rule.ts), used up or not. */
export function couldSubmit(user: FlagUser | null | undefined): boolean {
  return !!user && submissionVerdict(user) !== 'not-open';
}

/** No user counts as reached, and so does a limit of 0. */
export function limitReached(user: FlagUser | null | undefined): boolean {
  return !user || submissionVerdict(user) !== 'allowed';
}

export type SessionFlags = { hasResults: boolean; couldSubmit: boolean; limitReached: boolean };

export function sessionFlags(user: FlagUser | null | undefined): SessionFlags {
  return { hasResults: hasResults(user), couldSubmit: couldSubmit(user), limitReached: limitReached(user) };
}

/** What the home page's main button does (spec section 2, "/"). */
export type HomeAction = 'get-started' | 'go-to-results' | 'request-access';

export function homeAction(user: FlagUser | null | undefined): HomeAction {
  if (!couldSubmit(user)) return 'request-access';
  return user && user.submission_count > 0 ? 'go-to-results' : 'get-started';
}

/** What the top bar's 'New submission' button does. */
export type NewSubmissionAction = 'submit' | 'limit-reached' | 'request-access';

export function newSubmissionAction(user: FlagUser | null | undefined, demoMode: boolean): NewSubmissionAction {
  if (demoMode) return 'submit';
  if (!couldSubmit(user)) return 'request-access';
  return limitReached(user) ? 'limit-reached' : 'submit';
}

/** What the top bar's 'Results' button does, and whether it is enabled. */
export function resultsButton(user: FlagUser | null | undefined, demoMode: boolean): { disabled: boolean; action: 'results' | 'dialog' } {
  return {
    disabled: !couldSubmit(user) && !demoMode,
    action: demoMode || hasResults(user) ? 'results' : 'dialog',
  };
}
