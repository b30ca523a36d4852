import { useEffect } from 'react';
import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { AuthShell } from '../components/AuthShell';
import { IconMail } from '../components/icons';
import { useT } from '../i18n';

/** Shown only right after sign-up; anyone else is sent to /signup. */
export default function CheckYourEmailPage() {
  const t = useT();
  const fromSignup = useRouterState({ select: (s) => s.location.state.fromSignup === true });
  const navigate = useNavigate();
  useEffect(() => {
    if (!fromSignup) void navigate({ to: '/signup', replace: true });
  }, [fromSignup, navigate]);
  if (!fromSignup) return null;

  return (
    <AuthShell title={t('Check your email')}>
      <Stack gap="md" ta="center">
        <Center>
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconMail size={28} />
          </ThemeIcon>
        </Center>
        <Text size="lg">{t('A verification link has been sent to your email. Verify your account to continue.')}</Text>
        <Text c="dimmed">{t('You can close this window.')}</Text>
      </Stack>
    </AuthShell>
  );
}
