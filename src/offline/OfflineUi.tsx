import { useSyncExternalStore } from 'react';
import { Affix, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { newestDataAt } from './persist';
import { applyUpdate, useUpdateReady } from './service-worker';
import { formatDateTime } from '../../core/dates';
import { useT } from '../i18n';

export function useOnline(): boolean {
  return useSyncExternalStore(
    (l) => onlineManager.subscribe(l),
    () => onlineManager.isOnline(),
  );
}


/** Offline, the screens show what was saved on this device: say so, and from when. */
function OfflineNotice() {
  const queryClient = useQueryClient();
  const online = useOnline();
  const t = useT();
  if (online) return null;
  const at = newestDataAt(queryClient);
  return (
    <Paper withBorder shadow="md" radius="lg" p="md" maw={420} role="status" data-testid="offline-notice" bg="var(--mantine-color-body)">
      <Text fw={600}>{t('You are offline')}</Text>
      <Text c="dimmed">
        {at ? `${t('What you see are saved copies from {{time}}.', { time: formatDateTime(at) })} ` : ''}
        {t('New results appear when you are back online.')}
      </Text>
    </Paper>
  );
}

function UpdatePrompt() {
  const ready = useUpdateReady();
  const t = useT();
  if (!ready) return null;
  return (
    <Paper withBorder shadow="md" radius="lg" p="md" maw={420} role="alertdialog" aria-label={t('Update available')}>
      <Stack gap="xs">
        <Text fw={600}>{t('A new version of Smart Density is ready')}</Text>
        <Text c="dimmed">
          {t('Reload to use it. Anything you are sending is kept.')}
        </Text>
        <Group justify="flex-end">
          <Button size="sm" onClick={applyUpdate}>
            {t('Reload')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The offline notice and the update prompt, bottom left (toasts are bottom right). */
export function OfflineUi() {
  return (
    <Affix position={{ bottom: 24, left: 24 }} zIndex={300}>
      <Stack gap="sm">
        <UpdatePrompt />
        <OfflineNotice />
      </Stack>
    </Affix>
  );
}
