import { useState } from 'react';
import { Anchor, Button, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { EMPOWER_PROVIDERS } from '../../../core/providers';
import { useT } from '../../i18n';

/** /empower/retrieve: pick one of four screening providers and see how to get the images (their texts, in English in core/providers.ts, translated here). */
export function RetrieveStep() {
  const t = useT();
  const navigate = useNavigate();
  const [id, setId] = useState<string>(EMPOWER_PROVIDERS[0].id);
  const chosen = EMPOWER_PROVIDERS.find((p) => p.id === id) ?? EMPOWER_PROVIDERS[0];
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>{t('Retrieve your mammograms')}</Title>
        <Text c="dimmed" size="lg" mt={4}>
          {t('Choose where you had your screening. We show how to ask them for the image files.')}
        </Text>
      </div>
      <Radio.Group value={id} onChange={setId} label={t('Screening provider')} size="md">
        <SimpleGrid cols={2} spacing="md" mt="sm">
          {EMPOWER_PROVIDERS.map((p) => (
            <Radio.Card key={p.id} value={p.id} radius="md" p="md" data-testid={`provider-${p.id}`}>
              <Group wrap="nowrap" align="flex-start">
                <Radio.Indicator />
                <div>
                  <Text fw={600}>{t(p.name)}</Text>
                  <Text c="dimmed">{t(p.city)}</Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Paper withBorder radius="lg" p="xl" data-testid="provider-details">
        <Title order={2} size="h3" mb="sm">
          {t(chosen.name)}
        </Title>
        <Stack gap="sm">
          <Text>{t(chosen.procedure)}</Text>
          <SimpleGrid cols={3}>
            <div>
              <Text c="dimmed">{t('Expected time')}</Text>
              <Text fw={600}>{t(chosen.timeframe)}</Text>
            </div>
            <div>
              <Text c="dimmed">{t('Cost')}</Text>
              <Text fw={600}>{t(chosen.cost)}</Text>
            </div>
            <div>
              <Text c="dimmed">{t('Contact')}</Text>
              <Anchor href={chosen.link} target="_blank" rel="noopener noreferrer">
                {t(chosen.contact)}
              </Anchor>
            </div>
          </SimpleGrid>
        </Stack>
      </Paper>
      <Group justify="flex-end">
        <Button size="md" onClick={() => void navigate({ to: '/empower/$', params: { _splat: 'upload' } })}>
          {t('Continue')}
        </Button>
      </Group>
    </Stack>
  );
}
