import type { ReactNode } from 'react';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { configQuery } from '../../api/queries';
import { useT } from '../../i18n';

/**
 * A task's failure message (server/jobs) in her language; what the DICOM decoder said stays as it
 * is. An unknown message stays English.
 */
function failureText(reason: string, t: ReturnType<typeof useT>): string {
  const missing = /^The (\S+) file is missing from storage\.$/.exec(reason);
  if (missing) return t('The {{view}} file is missing from storage.', { view: missing[1] });
  const unread = /^The (\S+) image could not be read: ([\s\S]*)$/.exec(reason);
  if (unread) return t('The {{view}} image could not be read: {{reason}}', { view: unread[1], reason: unread[2] });
  return t(reason);
}

/** The failed-task message of spec section 8, with the server's plain reason under it (translated when it is a known text). */
export function FailedTask({ reason, children }: { reason?: string | null; children?: ReactNode }) {
  const t = useT();
  const { data } = useQuery(configQuery());
  const email = data?.contact_email ?? '…';
  return (
    <Paper withBorder radius="lg" p="xl" role="alert" data-testid="task-failed">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          {t('Something went wrong.')}
        </Title>
        <Text size="lg">
          {t('Please try again or contact us at')} <Anchor href={`mailto:${email}`}>{email}</Anchor> {t('if the problem is persistent.')}
        </Text>
        {reason && (
          <Text c="dimmed" data-testid="task-failed-reason">
            {failureText(reason, t)}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
