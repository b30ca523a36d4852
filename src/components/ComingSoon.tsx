import { Paper, Stack, Text, Title } from '@mantine/core';

/** A placeholder for a screen another part of the work fills in. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Paper withBorder radius="lg" p={48}>
      <Stack gap="xs" align="center">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">Coming soon</Text>
      </Stack>
    </Paper>
  );
}
