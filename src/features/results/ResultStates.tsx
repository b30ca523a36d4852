import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../i18n';

/** The results load failure of spec section 8. */
export function ResultsError() {
  const t = useT();
  return (
    <Paper withBorder radius="lg" p="xl" role="alert" data-testid="results-error">
      <Title order={2} size="h3">
        {t('Something went wrong.')}
      </Title>
      <Text size="lg" mt="sm">
        {t("We couldn't load your results. Please try again later or contact support if the problem persists.")}
      </Text>
    </Paper>
  );
}

/** While the images are still being looked at: calm words and a sign of life. */
export function ResultsProcessing({ queued }: { queued: boolean }) {
  const t = useT();
  return (
    <Paper withBorder radius="lg" p="xl" role="status" data-testid="results-processing">
      <Group gap="lg" wrap="nowrap" align="flex-start">
        <Loader size="md" aria-hidden />
        <Stack gap={6}>
          <Title order={2} size="h3">
            {queued ? t('Your images are waiting to be looked at') : t('We are looking at your images')}
          </Title>
          <Text size="lg">{t('This usually takes a minute or two. This page updates by itself, so you can keep it open.')}</Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The loading state of the results: the shape of the page, without numbers. */
export function ResultsLoading() {
  const t = useT();
  return (
    <Group justify="center" py={80} role="status" aria-label={t('Loading your results')}>
      <Loader aria-hidden />
    </Group>
  );
}

export function SubmitAgain({ onClick }: { onClick: () => void }) {
  const t = useT();
  return (
    <Button mt="sm" onClick={onClick}>
      {t('Submit again')}
    </Button>
  );
}
