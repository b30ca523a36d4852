import { useEffect, useState, type ReactNode } from 'react';
import { AppShell, Box, Burger, Button, Drawer, Group, Stack, Stepper, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { TIMING } from '../../../core/decisions';
import { IconLogout } from '../../components/icons';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Logo } from '../../components/Logo';
import { useCurrentUser, useLogout } from '../../session/useSession';
import { EMPOWER_STEPS, stepIndex, type EmpowerStep } from './steps';
import { useT } from '../../i18n';

/** The tracker follows the page after the wizard's 500 ms delay (spec section 4). */
function useDelayedStep(step: EmpowerStep): number {
  const target = stepIndex(step);
  const [shown, setShown] = useState(target);
  useEffect(() => {
    const t = setTimeout(() => setShown(target), TIMING.wizardStepDelayMs);
    return () => clearTimeout(t);
  }, [target]);
  return shown;
}

function Account() {
  const t = useT();
  const { user } = useCurrentUser();
  const logout = useLogout();
  return (
    <Stack gap="xs">
      <Text c="dimmed">{t('Signed in as')}</Text>
      <Text fw={600} data-testid="empower-email" style={{ wordBreak: 'break-all' }}>
        {user?.email ?? ' '}
      </Text>
      <Button variant="default" leftSection={<IconLogout />} onClick={logout}>
        {t('Log out')}
      </Button>
    </Stack>
  );
}

/** /empower's frame: the side step tracker with the user's e-mail; 'Log out' lives in a drawer on small screens. */
export function EmpowerLayout({ step, children }: { step: EmpowerStep; children: ReactNode }) {
  const t = useT();
  const active = useDelayedStep(step);
  const [drawer, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell navbar={{ width: 300, breakpoint: 'sm', collapsed: { mobile: true } }} header={{ height: 64 }} padding="xl">
      <AppShell.Header withBorder>
        <Group h="100%" px="xl" justify="space-between">
          <Logo />
          <Group gap="md" wrap="nowrap">
            <LanguageSwitch />
            <Burger opened={drawer} onClick={toggle} hiddenFrom="sm" aria-label={t('Open the menu')} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xl">
        <Stack justify="space-between" h="100%">
          <Stepper active={active} orientation="vertical" size="sm" aria-label={t('Steps')} data-testid="empower-steps" allowNextStepsSelect={false}>
            {EMPOWER_STEPS.map((s) => (
              <Stepper.Step key={s.key} label={t(s.label)} description={t(s.description)} />
            ))}
          </Stepper>
          <Account />
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main>
        <Box maw={1100} mx="auto" py="md">
          {children}
        </Box>
      </AppShell.Main>
      <Drawer opened={drawer} onClose={close} title={t('Menu')} position="right" hiddenFrom="sm">
        <Account />
      </Drawer>
    </AppShell>
  );
}
