import { useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ScoredResult } from '../../../core/contract';
import { answersUsed } from '../../../core/wording/health-questions';
import { describeScore } from '../../../core/wording/scores';
import { HealthQuestionsForm } from '../questions/HealthQuestionsForm';
import { LabelBadge } from '../results/LabelBadge';
import { asTranslate } from '../results/translate';
import { useCurrentUser } from '../../session/useSession';
import { useT } from '../../i18n';

type State = 'asking' | 'skipped' | 'saved';

/** Her inherent risk as the result on screen has it: what her answers change. */
function RiskNow({ result }: { result: ScoredResult }) {
  const t = useT();
  const w = describeScore(result.study.risk, asTranslate(t));
  return (
    <Group gap="sm" data-testid="questions-risk">
      <Text fw={600}>{t('Your inherent risk now:')}</Text>
      <Text fz={24} fw={700} lh={1} data-testid="questions-risk-percent">
        {w.percent}
      </Text>
      {w.available && <LabelBadge label={w.label} />}
    </Group>
  );
}

/**
 * The optional health questions in step 4 of /submit (issue 18, item 2), beside her first result:
 * answering works her inherent risk and combined score out again (the server keeps the first
 * version); "Skip" puts them away, and Settings or the Inherent Risk tab has them any time.
 */
export function HealthQuestionsStep({ result }: { result: ScoredResult }) {
  const t = useT();
  const { user } = useCurrentUser();
  const answered = answersUsed(result.inputs.risk_factors).given.length > 0;
  const [state, setState] = useState<State>(answered ? 'saved' : 'asking');
  if (!user || user.is_superuser) return null;

  return (
    <Paper withBorder radius="lg" p="xl" data-testid="health-questions-step" component="section" aria-labelledby="health-questions-title">
      <Stack gap="md">
        <Title order={3} id="health-questions-title">
          {t('A few questions about your health (optional)')}
        </Title>
        <RiskNow result={result} />
        {state === 'asking' && (
          <>
            <Text>
              {t('Your answers help the inherent risk score fit you better. Answer only what you know. You can skip this, and answer later in Settings.')}
            </Text>
            <HealthQuestionsForm
              user={user}
              submitLabel={t('Save my answers')}
              savedMessage={t('Your answers are saved.')}
              onSaved={() => setState('saved')}
              extra={
                <Button variant="subtle" onClick={() => setState('skipped')} data-testid="skip-questions">
                  {t('Skip these questions')}
                </Button>
              }
            />
          </>
        )}
        {state === 'skipped' && (
          <Group justify="space-between" data-testid="questions-skipped">
            <Text>{t('You skipped the health questions. Your inherent risk uses no answers from you.')}</Text>
            <Button variant="default" onClick={() => setState('asking')}>
              {t('Answer them now')}
            </Button>
          </Group>
        )}
        {state === 'saved' && (
          <Group justify="space-between" data-testid="questions-saved">
            <Text>{t('Your inherent risk and combined score use your answers.')}</Text>
            <Group gap="sm">
              <Button variant="default" onClick={() => setState('asking')}>
                {t('Change your answers')}
              </Button>
              <Anchor component={Link} to="/results">
                {t('See the Inherent Risk tab')}
              </Anchor>
            </Group>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
