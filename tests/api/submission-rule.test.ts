import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAY_SUBMIT_SQL, submissionVerdict, type SubmissionSubject } from '../../core/submission-rule';
import { dbLabel, freshDatabase } from '../support/test-db';

/**
 * The rule of who may submit is written once in TypeScript and once as the SQL condition that
 * takes a submission atomically: the database must say "allowed" exactly where the code does.
 */
describe(`the submission rule, in code and in SQL (${dbLabel()})`, () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('agrees on every kind of person, count and limit', async () => {
    const cases: SubmissionSubject[] = [];
    for (const is_superuser of [false, true])
      for (const is_test_user of [false, true])
        for (const submission_limit of [0, 1, 2, 5])
          for (const submission_count of [0, 1, 2, 5, 6]) cases.push({ is_superuser, is_test_user, submission_limit, submission_count });
    const values = cases.map((c, i) => `(${i}, ${c.is_superuser}, ${c.is_test_user}, ${c.submission_count}, ${c.submission_limit})`).join(', ');
    const rows = await database.db.query<{ i: number; ok: boolean }>(
      `SELECT i, ${MAY_SUBMIT_SQL} AS ok FROM (VALUES ${values}) AS u(i, is_superuser, is_test_user, submission_count, submission_limit) ORDER BY i`,
    );
    expect(rows.map((r) => r.ok)).toEqual(cases.map((c) => submissionVerdict(c) === 'allowed'));
    // The grid holds each verdict, so the comparison means something.
    expect(new Set(cases.map(submissionVerdict))).toEqual(new Set(['allowed', 'not-open', 'limit-reached']));
  });
});
