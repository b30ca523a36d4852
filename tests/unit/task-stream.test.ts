import { describe, expect, it } from 'vitest';
import { parseTaskEvents } from '../../src/api/task-stream';

describe('reading the task event stream', () => {
  it('takes the data of each complete task event and keeps the unfinished rest for the next chunk', () => {
    const text = ': still processing\n\nevent: task\ndata: {"id":"a","status":"running"}\n\nevent: task\ndata: {"id":"a",';
    const { tasks, rest } = parseTaskEvents(text);
    expect(tasks).toEqual([{ id: 'a', status: 'running' }]);
    expect(rest).toBe('event: task\ndata: {"id":"a",');
    const next = parseTaskEvents(rest + '"status":"completed"}\n\n');
    expect(next.tasks).toEqual([{ id: 'a', status: 'completed' }]);
    expect(next.rest).toBe('');
  });

  it('joins multi-line data, accepts CRLF line ends and skips other events and damaged data', () => {
    const text = 'event: task\r\ndata: {"id":\r\ndata: "b"}\r\n\r\nevent: other\ndata: {}\n\nevent: task\ndata: {not json\n\n';
    expect(parseTaskEvents(text).tasks).toEqual([{ id: 'b' }]);
  });
});
