import { Badge, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { engineQuery } from '../../api/queries';
import { msg, useT } from '../../i18n';
import { useOnline } from '../../offline/OfflineUi';

type State = 'checking' | 'match' | 'differs' | 'offline' | 'unknown';

const BADGE: Record<State, { text: string; color: string }> = {
  checking: { text: msg('Checking'), color: 'gray' },
  match: { text: msg('Engines match'), color: 'teal' },
  differs: { text: msg('Different engine'), color: 'yellow' },
  offline: { text: msg('Not checked'), color: 'gray' },
  unknown: { text: msg('Not checked'), color: 'gray' },
};

/**
 * Which engine the figures were measured on, and whether it is the one running now (GET
 * /utils/engine/). Only an answer fetched on this visit counts: a saved copy from an earlier visit
 * could name an engine that has since been replaced.
 */
export function EngineCheck({ measuredOn }: { measuredOn: string }) {
  const t = useT();
  const online = useOnline();
  const query = useQuery({ ...engineQuery(), enabled: online });
  const running = query.isSuccess && query.isFetchedAfterMount ? `${query.data.name} ${query.data.version}` : null;
  const state: State = !online ? 'offline' : running ? (running === measuredOn ? 'match' : 'differs') : query.isError ? 'unknown' : 'checking';
  const message: Record<State, string> = {
    checking: t('Checking which engine is running now…'),
    match: t('This is the engine running now, so these figures are about the scores you see.'),
    differs: t('The engine running now is {{engine}}. The figures were measured on an earlier one, so they may be out of date.', { engine: running ?? '' }),
    offline: t('We could not check which engine is running now, because you are offline.'),
    unknown: t('We could not check which engine is running now. Please try again later.'),
  };
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="engine-check" data-state={state} role="status">
      <Stack gap={6}>
        <Text size="sm" c="dimmed">
          {t('These figures were measured on')}
        </Text>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="report-engine">
          {measuredOn}
        </Text>
        {/* A light shade with dark text, as the quantile badges: readable in both schemes. */}
        <Badge color={`${BADGE[state].color}.4`} c="#1a1b1e" variant="filled" radius="sm" tt="none" size="lg" mt={4}>
          {t(BADGE[state].text)}
        </Badge>
        <Text size="sm">{message[state]}</Text>
      </Stack>
    </Paper>
  );
}
