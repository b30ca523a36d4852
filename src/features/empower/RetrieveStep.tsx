import { useState } from 'react';
import { Anchor, Button, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { EMPOWER_PROVIDERS } from '../../../core/providers';

/** /empower/retrieve: pick one of four screening providers and see how to get the images. */
export function RetrieveStep() {
  const navigate = useNavigate();
  const [id, setId] = useState<string>(EMPOWER_PROVIDERS[0].id);
  const chosen = EMPOWER_PROVIDERS.find((p) => p.id === id) ?? EMPOWER_PROVIDERS[0];
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>Retrieve your mammograms</Title>
        <Text c="dimmed" size="lg" mt={4}>
          Choose where you had your screening. We show how to ask them for the image files.
        </Text>
      </div>
      <Radio.Group value={id} onChange={setId} label="Screening provider" size="md">
        <SimpleGrid cols={2} spacing="md" mt="sm">
          {EMPOWER_PROVIDERS.map((p) => (
            <Radio.Card key={p.id} value={p.id} radius="md" p="md" data-testid={`provider-${p.id}`}>
              <Group wrap="nowrap" align="flex-start">
                <Radio.Indicator />
                <div>
                  <Text fw={600}>{p.name}</Text>
                  <Text size="sm" c="dimmed">
                    {p.city}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Paper withBorder radius="lg" p="xl" data-testid="provider-details">
        <Title order={2} size="h3" mb="sm">
          {chosen.name}
        </Title>
        <Stack gap="sm">
          <Text>{chosen.procedure}</Text>
          <SimpleGrid cols={3}>
            <div>
              <Text size="sm" c="dimmed">
                Expected time
              </Text>
              <Text fw={600}>{chosen.timeframe}</Text>
            </div>
            <div>
              <Text size="sm" c="dimmed">
                Cost
              </Text>
              <Text fw={600}>{chosen.cost}</Text>
            </div>
            <div>
              <Text size="sm" c="dimmed">
                Contact
              </Text>
              <Anchor href={chosen.link} target="_blank" rel="noopener noreferrer">
                {chosen.contact}
              </Anchor>
            </div>
          </SimpleGrid>
        </Stack>
      </Paper>
      <Group justify="flex-end">
        <Button size="md" onClick={() => void navigate({ to: '/empower/$', params: { _splat: 'upload' } })}>
          Continue
        </Button>
      </Group>
    </Stack>
  );
}
