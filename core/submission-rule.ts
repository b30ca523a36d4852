/**
 * Who may submit a study, in one place: the server refuses by it (server/submissions), the
 * database takes a submission by it (the same rule as SQL, below) and the app shows its buttons by
 * it (src/session/flags.ts). Superusers and test users may always submit, whatever their limit
 * (decisions.md); anyone else while their count is below their limit, and a limit of 0 means
 * submissions are not open to them at all.
 */
export interface SubmissionSubject {
  submission_count: number;
  submission_limit: number;
  is_superuser: boolean;
  is_test_user: boolean;
}

/** `not-open`: a limit of 0 (the spec's "not open to the public"); `limit-reached`: count at the limit. */
export type SubmissionVerdict = 'allowed' | 'not-open' | 'limit-reached';

export function submissionVerdict(u: SubmissionSubject): SubmissionVerdict {
  if (u.is_superuser || u.is_test_user) return 'allowed';
  if (u.submission_limit <= 0) return 'not-open';
  return u.submission_count >= u.submission_limit ? 'limit-reached' : 'allowed';
}

/**
 * The rule as a condition on a row of the users table, for the one statement that takes a
 * submission, so that two parallel submissions cannot both take the last one. It says what
 * `submissionVerdict(row) === 'allowed'` says (a count is never negative, so a count below the
 * limit means a limit above 0); tests/api/submission-rule.test.ts checks the two agree.
 */
export const MAY_SUBMIT_SQL = '(is_superuser OR is_test_user OR submission_count < submission_limit)';
