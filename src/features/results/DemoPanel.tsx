import { Button, Group, Paper, Select, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useT } from '../../i18n';
import { useDemoProfile } from '../../session/useDemoProfile';

/** Top right of /results in demo mode: switch demo user, back to demo start, exit demo (spec section 2). */
export function DemoPanel() {
  const t = useT();
  const demo = useDemoProfile();
  const navigate = useNavigate();
  return (
    <Paper withBorder radius="lg" p="md" data-testid="demo-panel" className="screen-only" aria-label={t('Demo mode')} component="section">
      <Text size="xs" fw={600} c="dimmed" tt="uppercase" lts={0.5} mb={6}>
        {t('Demo mode')}
      </Text>
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <Select
          label={t('Switch demo user')}
          size="sm"
          w={210}
          data={(demo.users ?? []).map((u) => ({ value: u.id, label: u.name }))}
          value={demo.selectedId}
          onChange={(id) => id && demo.select(id)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Button size="sm" variant="default" onClick={() => void navigate({ to: '/start-demo' })}>
          {t('Back to demo start')}
        </Button>
        <Button
          size="sm"
          variant="subtle"
          onClick={() => {
            demo.exit();
            void navigate({ to: '/' });
          }}
        >
          {t('Exit demo')}
        </Button>
      </Group>
    </Paper>
  );
}
