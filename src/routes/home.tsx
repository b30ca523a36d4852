import { useEffect, useState } from 'react';
import { Button, Card, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { RequestAccessDialog } from '../components/dialogs';
import { IconChart, IconSpark, IconUpload } from '../components/icons';
import { homeAction } from '../session/flags';
import { clearDemoUser } from '../session/demo';
import { useCurrentUser } from '../session/useSession';
import { msg, useT } from '../i18n';

const MODELS = [
  { title: msg('Cancer signs'), text: msg('Looks for signs in the images that may point to cancer. It does not make a diagnosis.') },
  { title: msg('Inherent risk'), text: msg('Estimates how likely breast cancer is in the coming years, from your images and age.') },
  { title: msg('Masking'), text: msg('Checks if dense tissue may hide signs of cancer on a mammogram.') },
];

export default function HomePage() {
  const t = useT();
  const { user } = useCurrentUser();
  const [dialog, setDialog] = useState<'request-access' | null>(null);
  // Opening home leaves demo mode.
  useEffect(() => clearDemoUser(), []);
  if (!user) return null;
  const action = homeAction(user);

  return (
    <Stack gap={40}>
      <Stack gap="sm">
        <Title order={1}>{t('Hi, {{name}}', { name: user.full_name || user.email })}</Title>
        <Text size="lg" maw={720}>
          {t(
            'Smart Density helps you understand your mammogram. Three AI models look at your four images. Their results are combined into one score, called smart density. It can help you and your doctor decide if you need more screening.',
          )}
        </Text>
        <Group mt="sm">
          {action === 'get-started' && (
            <Button size="lg" component={Link} to="/submit">
              {t('Get started')}
            </Button>
          )}
          {action === 'go-to-results' && (
            <Button size="lg" component={Link} to="/results">
              {t('Go to results')}
            </Button>
          )}
          {action === 'request-access' && (
            <Button size="lg" onClick={() => setDialog('request-access')}>
              {t('Request access')}
            </Button>
          )}
        </Group>
      </Stack>

      <SimpleGrid cols={3} spacing="lg">
        {MODELS.map((m) => (
          <Card key={m.title} withBorder radius="lg" padding="xl">
            <Title order={2} size="h4" mb="xs">
              {t(m.title)}
            </Title>
            <Text c="dimmed">{t(m.text)}</Text>
          </Card>
        ))}
      </SimpleGrid>

      <SimpleGrid cols={2} spacing="lg">
        <Paper withBorder radius="lg" p="xl">
          <Title order={2} size="h3" mb="md">
            {t('How it works')}
          </Title>
          <List spacing="md" size="md" center>
            <List.Item icon={<ThemeIcon variant="light" radius="xl" size={32}><IconUpload size={16} /></ThemeIcon>}>{t('Upload your four mammogram images.')}</List.Item>
            <List.Item icon={<ThemeIcon variant="light" radius="xl" size={32}><IconSpark size={16} /></ThemeIcon>}>{t('The AI models process them. This takes a few minutes.')}</List.Item>
            <List.Item icon={<ThemeIcon variant="light" radius="xl" size={32}><IconChart size={16} /></ThemeIcon>}>{t('See your detailed scores, compared with other women.')}</List.Item>
          </List>
          <Text c="dimmed" mt="lg">
            {t('The scores are estimates, not a diagnosis. Talk about them with your doctor.')}
          </Text>
        </Paper>
        <Paper radius="lg" p="xl" bg="var(--mantine-primary-color-light)">
          <Stack gap="sm" h="100%" justify="space-between" align="flex-start">
            <div>
              <Title order={2} size="h3" mb="xs">
                {t('Try the demo')}
              </Title>
              <Text>{t('See how results look with fictional profiles. You do not need to upload any images.')}</Text>
            </div>
            <Button variant="white" component={Link} to="/start-demo">
              {t('Go to demo')}
            </Button>
          </Stack>
        </Paper>
      </SimpleGrid>

      <RequestAccessDialog opened={dialog === 'request-access'} onClose={() => setDialog(null)} />
    </Stack>
  );
}
