import { Accordion, Anchor, Button, Grid, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { SCREENING_PROVIDERS, type ScreeningProvider } from '../../../core/providers';
import { useT } from '../../i18n';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text c="dimmed" fw={500}>
        {label}
      </Text>
      <Text>{children}</Text>
    </Stack>
  );
}

/** The provider's texts (core/providers.ts, in English) are translated here, where they are shown. */
function ProviderPanel({ p }: { p: ScreeningProvider }) {
  const t = useT();
  return (
    <Stack gap="lg">
      <Fact label={t('How to ask')}>{t(p.procedure)}</Fact>
      <SimpleGrid cols={3} spacing="lg">
        <Fact label={t('Usually takes')}>{t(p.timeframe)}</Fact>
        <Fact label={t('Cost')}>{t(p.cost)}</Fact>
        <Fact label={t('Contact')}>
          {t(p.contact)} ·{' '}
          <Anchor href={p.link} target="_blank" rel="noreferrer">
            1177.se
          </Anchor>
        </Fact>
      </SimpleGrid>
    </Stack>
  );
}

/** /retrieval-guide: how to get the four images from each of six screening providers. */
export function RetrievalGuide() {
  const t = useT();
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-start">
        <Stack gap="xs" maw={680}>
          <Title order={1}>{t('How to get your mammogram images')}</Title>
          <Text size="lg">
            {t('Your screening clinic keeps your images. You have the right to a copy. Ask for the four images of your latest screening as DICOM files (they end in .dcm).')}
          </Text>
        </Stack>
        <Button component={Link} to="/submit" variant="default">
          {t('Back to submission')}
        </Button>
      </Group>
      <Grid gap={32}>
        <Grid.Col span={8}>
          <Paper withBorder radius="lg">
            <Accordion variant="default" chevronPosition="right" multiple={false} defaultValue={null}>
              {SCREENING_PROVIDERS.map((p) => (
                <Accordion.Item key={p.id} value={p.id} data-testid={`provider-${p.id}`}>
                  <Accordion.Control>
                    <Group justify="space-between" wrap="nowrap" pr="md">
                      <Stack gap={0}>
                        <Text fw={600} size="lg">
                          {t(p.name)}
                        </Text>
                        <Text c="dimmed">{t(p.city)}</Text>
                      </Stack>
                      <Text c="dimmed" ta="right">
                        {t(p.timeframe)} · {t(p.cost)}
                      </Text>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <ProviderPanel p={p} />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Paper>
        </Grid.Col>
        <Grid.Col span={4}>
          <Paper radius="lg" p="xl" bg="var(--mantine-primary-color-light)">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('What to ask for')}
              </Title>
              <List spacing="xs">
                <List.Item>{t('The images of your latest screening mammogram.')}</List.Item>
                <List.Item>{t('All four views: each breast from above (CC) and from the side (MLO).')}</List.Item>
                <List.Item>{t('As DICOM files (.dcm), not as pictures or a written report.')}</List.Item>
              </List>
              <Text>{t('When you have the files, come back and upload them.')}</Text>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <Text c="dimmed">{t('Costs and times are typical figures and can change. Your clinic can tell you what applies to you.')}</Text>
    </Stack>
  );
}
