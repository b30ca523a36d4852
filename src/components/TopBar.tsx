import { useState } from 'react';
import { Anchor, Button, Group } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import type { UserPublic } from '../../core/contract';
import { useT } from '../i18n';
import { newSubmissionAction, resultsButton } from '../session/flags';
import { useDemoUserId } from '../session/demo';
import { LimitReachedDialog, RequestAccessDialog, ResultsDialog } from './dialogs';
import { IconChart, IconUpload } from './icons';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';

type Dialog = 'request-access' | 'limit-reached' | 'results' | null;

/**
 * The authenticated top bar: logo, 'New submission', 'Results' and the user menu (spec section 2).
 * A visitor in the demo (no user) sees 'Log in' instead of the menu.
 */
export function TopBar({ user }: { user: UserPublic | null }) {
  const t = useT();
  const navigate = useNavigate();
  const demoMode = useDemoUserId() !== null;
  const [dialog, setDialog] = useState<Dialog>(null);
  const results = resultsButton(user, demoMode);

  const onNewSubmission = () => {
    // A visitor outside the demo needs an account to submit.
    if (!user && !demoMode) return void navigate({ to: '/login' });
    const action = newSubmissionAction(user, demoMode);
    if (action === 'submit') void navigate({ to: '/submit' });
    else setDialog(action);
  };
  const onResults = () => {
    if (results.action === 'results') void navigate({ to: '/results' });
    else setDialog('results');
  };

  return (
    <Group h="100%" px="xl" justify="space-between" wrap="nowrap">
      <Anchor component={Link} to="/" underline="never" c="inherit" aria-label={t('Smart Density home')}>
        <Logo />
      </Anchor>
      <Group gap="sm" wrap="nowrap">
        <Button variant="filled" leftSection={<IconUpload size={18} />} onClick={onNewSubmission}>
          {t('New submission')}
        </Button>
        <Button variant="default" leftSection={<IconChart size={18} />} onClick={onResults} disabled={results.disabled}>
          {t('Results')}
        </Button>
        <LanguageSwitch />
        {user ? (
          <UserMenu user={user} />
        ) : (
          <Button component={Link} to="/login" variant="subtle">
            {t('Log in')}
          </Button>
        )}
      </Group>
      <RequestAccessDialog opened={dialog === 'request-access'} onClose={() => setDialog(null)} />
      <LimitReachedDialog opened={dialog === 'limit-reached'} onClose={() => setDialog(null)} />
      <ResultsDialog opened={dialog === 'results'} onClose={() => setDialog(null)} />
    </Group>
  );
}
