import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';

/** The results load failure of spec section 8. */
export function ResultsError() {
  return (
    <Paper withBorder radius="lg" p="xl" role="alert" data-testid="results-error">
      <Title order={2} size="h3">
        Something went wrong.
      </Title>
      <Text size="lg" mt="sm">
        We couldn't load your results. Please try again later or contact support if the problem persists.
      </Text>
    </Paper>
  );
}

/** While the images are still being looked at: calm words and a sign of life. */
export function ResultsProcessing({ queued }: { queued: boolean }) {
  return (
    <Paper withBorder radius="lg" p="xl" role="status" data-testid="results-processing">
      <Group gap="lg" wrap="nowrap" align="flex-start">
        <Loader size="md" aria-hidden />
        <Stack gap={6}>
          <Title order={2} size="h3">
            {queued ? 'Your images are waiting to be looked at' : 'We are looking at your images'}
          </Title>
          <Text size="lg">This usually takes a minute or two. This page updates by itself, so you can keep it open.</Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The loading state of the results: the shape of the page, without numbers. */
export function ResultsLoading() {
  return (
    <Group justify="center" py={80} role="status" aria-label="Loading your results">
      <Loader />
    </Group>
  );
}

export function SubmitAgain({ onClick }: { onClick: () => void }) {
  return (
    <Button mt="sm" onClick={onClick}>
      Submit again
    </Button>
  );
}
