import { useEffect, useState } from 'react';
import { RingProgress, Tooltip } from '@mantine/core';
import type { TaskStatus } from '../../../core/contract';
import { TIMING } from '../../../core/decisions';
import { msg, useT } from '../../i18n';
import { parseUtc } from '../results/format';

/** Queued grey with a sliver, running blue growing over 2 minutes, completed green, failed red (spec section 4). */
export function ringProgress(status: TaskStatus | null, startedAt: Date, now: number, durationMs: number = TIMING.runningProgressMs): { value: number; color: string } {
  switch (status) {
    case 'completed':
      return { value: 100, color: 'green' };
    case 'failed':
      return { value: 100, color: 'red' };
    case 'running': {
      const share = Math.max(0, now - startedAt.getTime()) / durationMs;
      return { value: Math.max(8, Math.min(95, share * 100)), color: 'blue' };
    }
    default:
      return { value: 5, color: 'gray' };
  }
}

const STATUS_TEXT: Record<TaskStatus, string> = { queued: msg('Queued'), running: msg('Running'), completed: msg('Completed'), failed: msg('Failed') };

export function StatusRing({ status, createdAt, size = 30, durationMs, tickMs = TIMING.statusRingTickMs }: { status: TaskStatus | null; createdAt: string; size?: number; durationMs?: number; tickMs?: number }) {
  const t = useT();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (status !== 'running') return;
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [status, tickMs]);
  const { value, color } = ringProgress(status, parseUtc(createdAt), now, durationMs);
  const text = status ? t(STATUS_TEXT[status]) : t('Unknown');
  return (
    <Tooltip label={text}>
      <RingProgress
        size={size}
        thickness={size / 7}
        roundCaps
        sections={[{ value, color }]}
        aria-label={t('Status: {{status}}', { status: text })}
        role="img"
        data-status={status ?? 'unknown'}
        data-testid="status-ring"
      />
    </Tooltip>
  );
}
