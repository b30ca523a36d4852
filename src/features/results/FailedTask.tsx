import type { ReactNode } from 'react';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { configQuery } from '../../api/queries';

/** The failed-task message of spec section 8, with the server's plain reason under it. */
export function FailedTask({ reason, children }: { reason?: string | null; children?: ReactNode }) {
  const { data } = useQuery(configQuery());
  const email = data?.contact_email ?? '…';
  return (
    <Paper withBorder radius="lg" p="xl" role="alert" data-testid="task-failed">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          Something went wrong.
        </Title>
        <Text size="lg">
          Please try again or contact us at <Anchor href={`mailto:${email}`}>{email}</Anchor> if the problem is persistent.
        </Text>
        {reason && (
          <Text c="dimmed" data-testid="task-failed-reason">
            {reason}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
