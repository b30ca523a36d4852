/**
 * A demo profile's results page fills in by itself: while the engine is still scoring the
 * profile's study (just created, or given new images) the query polls like a user's own task,
 * and it stops once the study is settled.
 */
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { TIMING } from '../../core/decisions';
import { demoTaskQuery } from '../../src/api/demo';
import type { DemoTaskPublic } from '../../core/contract';

function intervalFor(data: Pick<DemoTaskPublic, 'status' | 'result'> | undefined): number | false | undefined {
  const client = new QueryClient();
  const options = demoTaskQuery('00000000-0000-4000-8000-000000000001');
  if (data) client.setQueryData(options.queryKey, { ...data } as DemoTaskPublic);
  const query = new QueryObserver(client, options).getCurrentQuery();
  const interval = options.refetchInterval;
  return typeof interval === 'function' ? interval(query as never) : interval;
}

describe('the demo task query', () => {
  it('polls while the study is queued or being scored', () => {
    expect(intervalFor({ status: 'queued', result: null })).toBe(TIMING.taskRefetchMs);
    expect(intervalFor({ status: 'running', result: null })).toBe(TIMING.taskRefetchMs);
  });

  it('stops once the study is completed or failed, or has its scores', () => {
    expect(intervalFor({ status: 'completed', result: null })).toBe(false);
    expect(intervalFor({ status: 'failed', result: null })).toBe(false);
    expect(intervalFor({ status: null, result: {} as never })).toBe(false);
  });

  it('does not poll before the first answer (the first fetch is the query itself)', () => {
    expect(intervalFor(undefined)).toBe(false);
  });
});
