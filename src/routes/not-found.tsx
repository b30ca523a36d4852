import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** The not-found page: '404', 'Oops!', 'Page not found.' and 'Go back' to /. */
export default function NotFound() {
  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" gap="sm" data-testid="not-found">
        <Text component="p" fz={96} fw={700} lh={1} c="light-dark(var(--mantine-color-clinical-7), var(--mantine-color-clinical-3))">
          404
        </Text>
        <Title order={1}>Oops!</Title>
        <Text size="lg" c="dimmed">
          Page not found.
        </Text>
        <Button component={Link} to="/" mt="md" variant="outline">
          Go back
        </Button>
      </Stack>
    </Center>
  );
}
