import { Paper, Radio, Stack, Title, useMantineColorScheme } from '@mantine/core';
import { useT } from '../../i18n';

/** Light or dark, kept in local storage by Mantine's colour-scheme manager. */
export function AppearanceTab() {
  const t = useT();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Paper withBorder radius="lg" p="xl" maw={520}>
      <Title order={2} size="h3" mb="lg">
        {t('Appearance')}
      </Title>
      <Radio.Group value={colorScheme === 'dark' ? 'dark' : 'light'} onChange={(v) => setColorScheme(v === 'dark' ? 'dark' : 'light')} label={t('Colour mode')}>
        <Stack gap="sm" mt="sm">
          <Radio value="light" label={t('Light mode')} />
          <Radio value="dark" label={t('Dark mode')} />
        </Stack>
      </Radio.Group>
    </Paper>
  );
}
