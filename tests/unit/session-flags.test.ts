import { describe, expect, it } from 'vitest';
import { couldSubmit, hasResults, homeAction, limitReached, newSubmissionAction, resultsButton, type FlagUser } from '../../src/session/flags';
import { desktopRule } from '../../src/lib/desktop';

const user = (over: Partial<FlagUser> = {}): FlagUser => ({ submission_count: 0, submission_limit: 1, is_superuser: false, is_test_user: false, ...over });

describe('derived session flags (spec section 4)', () => {
  it('hasResults: true without a user, otherwise only after a submission', () => {
    expect(hasResults(null)).toBe(true);
    expect(hasResults(user({ submission_count: 0 }))).toBe(false);
    expect(hasResults(user({ submission_count: 1 }))).toBe(true);
  });

  it('couldSubmit: a user whose limit is above 0', () => {
    expect(couldSubmit(null)).toBe(false);
    expect(couldSubmit(user({ submission_limit: 0 }))).toBe(false);
    expect(couldSubmit(user({ submission_limit: 1 }))).toBe(true);
  });

  it('couldSubmit: test users and superusers whatever their limit (decisions.md)', () => {
    expect(couldSubmit(user({ submission_limit: 0, is_test_user: true }))).toBe(true);
    expect(couldSubmit(user({ submission_limit: 0, is_superuser: true }))).toBe(true);
    expect(newSubmissionAction(user({ submission_limit: 0, submission_count: 3, is_test_user: true }), false)).toBe('submit');
    expect(homeAction(user({ submission_limit: 0, is_test_user: true }))).toBe('get-started');
  });

  it('limitReached: no user counts as reached; count at the limit is reached', () => {
    expect(limitReached(undefined)).toBe(true);
    expect(limitReached(user({ submission_count: 0, submission_limit: 1 }))).toBe(false);
    expect(limitReached(user({ submission_count: 1, submission_limit: 1 }))).toBe(true);
    expect(limitReached(user({ submission_count: 3, submission_limit: 2 }))).toBe(true);
  });

  it('superusers and test users are never limited', () => {
    expect(limitReached(user({ submission_count: 5, submission_limit: 1, is_superuser: true }))).toBe(false);
    expect(limitReached(user({ submission_count: 5, submission_limit: 0, is_test_user: true }))).toBe(false);
  });
});

describe('buttons that follow the flags', () => {
  it('home: request access without permission, results after a submission, otherwise get started', () => {
    expect(homeAction(user({ submission_limit: 0 }))).toBe('request-access');
    expect(homeAction(user({ submission_limit: 2, submission_count: 1 }))).toBe('go-to-results');
    expect(homeAction(user({ submission_limit: 2, submission_count: 0 }))).toBe('get-started');
  });

  it('New submission: demo goes to submit; else request access, limit dialog or submit', () => {
    expect(newSubmissionAction(user({ submission_limit: 0 }), true)).toBe('submit');
    expect(newSubmissionAction(user({ submission_limit: 0 }), false)).toBe('request-access');
    expect(newSubmissionAction(user({ submission_limit: 1, submission_count: 1 }), false)).toBe('limit-reached');
    expect(newSubmissionAction(user({ submission_limit: 2, submission_count: 1 }), false)).toBe('submit');
  });

  it('Results: disabled without permission outside demo; a dialog until the first submission', () => {
    expect(resultsButton(user({ submission_limit: 0 }), false)).toEqual({ disabled: true, action: 'dialog' });
    expect(resultsButton(user({ submission_limit: 0 }), true)).toEqual({ disabled: false, action: 'results' });
    expect(resultsButton(user({ submission_limit: 1 }), false)).toEqual({ disabled: false, action: 'dialog' });
    expect(resultsButton(user({ submission_limit: 1, submission_count: 1 }), false)).toEqual({ disabled: false, action: 'results' });
  });
});

describe('desktop-only rule', () => {
  it('covers the page on small viewports (never navigating away) and sends /desktop-only on a large one to /', () => {
    expect(desktopRule(false, false, '/settings')).toBe('cover');
    expect(desktopRule(false, false, '/desktop-only')).toBeNull();
    expect(desktopRule(true, false, '/desktop-only')).toBe('home');
    expect(desktopRule(true, false, '/login')).toBeNull();
  });

  it('does nothing while printing: the paper is not a small screen', () => {
    expect(desktopRule(false, true, '/results')).toBeNull();
    expect(desktopRule(true, true, '/desktop-only')).toBeNull();
  });
});
