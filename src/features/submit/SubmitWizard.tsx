import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Badge, Button, Center, Grid, Group, Loader, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from '@tanstack/react-router';
import { VIEW_KEYS, type ViewKey } from '../../../core/contract';
import { VIEW_KEYS_IN_ORDER, VIEW_LABELS } from '../../../core/dicom/classify';
import { TIMING } from '../../../core/decisions';
import { MESSAGES } from '../../../core/validation';
import { configQuery } from '../../api/queries';
import { LimitReachedDialog } from '../../components/dialogs';
import { notifyFailure } from '../../lib/notify';
import { discardSubmission, enqueueSubmission, useLatestSubmission } from '../../offline/outbox';
import { useDemoProfile } from '../../session/useDemoProfile';
import { getToken } from '../../session/token';
import { useCurrentUser } from '../../session/useSession';
import { DemoResultStep } from './DemoResultStep';
import { demoSubmissionStart, startDemoSubmission } from './demo-simulation';
import { ResultStep } from './ResultStep';
import { SubmitStep, type SubmitFileRow } from './SubmitStep';
import { UploadStep } from './UploadStep';
import { usePickedFiles } from './usePickedFiles';
import { STEPS, useStepper, type Step } from './useStepper';
import { msg, useT } from '../../i18n';
import { translateMessage } from '../../lib/messages';

/** In English; translated when shown. */
const STEP_TEXT: Record<Step, { label: string; description: string }> = {
  retrieve: { label: msg('Request your mammograms'), description: msg('Ask your clinic for the images') },
  upload: { label: msg('Upload your images'), description: msg('Four .dcm files') },
  submit: { label: msg('Submit'), description: msg('Check and send') },
  view: { label: msg('View your results'), description: msg('Your scores') },
};

/** A demo simulation started this recently is still being watched: a reload returns to it. */
const DEMO_RESUME_MS = 60_000;

/**
 * One step of the wizard. When the step changes, the keyboard focus moves to the new step's heading:
 * the button she pressed is gone with the old step, and focus would otherwise fall back to the top
 * of the page (a screen reader would not say that the step changed).
 */
function StepPanel({ step, children }: { step: Step; children: ReactNode }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    heading.current?.focus();
  }, [step]);
  return (
    <Paper withBorder radius="lg" p={36} data-testid={`step-${step}`}>
      <Stack gap="lg">
        <Title order={2} ref={heading} tabIndex={-1}>
          {t(STEP_TEXT[step].label)}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** /submit: the four-step wizard of spec section 2, for a signed-in user or a demo profile. */
export function SubmitWizard() {
  const t = useT();
  const { user, flags } = useCurrentUser();
  const demo = useDemoProfile();
  const demoId = demo.selectedId;
  const demoMode = demoId !== null;
  const config = useQuery(configQuery());
  const picked = usePickedFiles(user && !demoMode ? user.id : null, config.data?.contact_email);
  const { item } = useLatestSubmission(user?.id ?? null);
  const [demoStart, setDemoStart] = useState<number | null>(() => (demoId ? demoSubmissionStart(demoId) : null));
  const [submitting, setSubmitting] = useState(false);
  const [limitDialog, setLimitDialog] = useState(false);

  // A visitor (no account) reaches this page only in demo mode.
  let initial: Step | null = null;
  if ((user || demoMode) && !demo.query.isPending) {
    if (demoMode || !user) initial = demoStart && Date.now() - demoStart < DEMO_RESUME_MS ? 'view' : 'retrieve';
    else if (item?.state === 'waiting' || user.submission_count > 0) initial = 'view';
    else if (picked.status === 'loading' || picked.status === 'classifying') initial = null;
    else if (picked.files.length) initial = picked.classification?.study.ready ? 'submit' : 'upload';
    else initial = 'retrieve';
  }
  const { step, index, moving, goTo } = useStepper(initial);

  // A visitor whose stored profile is gone (deleted meanwhile) chooses another.
  if (!user && !demoMode && !demo.query.isPending && !getToken()) return <Navigate to="/start-demo" replace />;
  if (!user && !demoMode) return null;
  if (!flags.couldSubmit && !demoMode && !demo.query.isPending) return <Navigate to="/" replace />;
  if (!step) {
    return (
      <Center py={80}>
        <Loader aria-label={t('Loading')} />
      </Center>
    );
  }

  const rows: SubmitFileRow[] = demoMode
    ? VIEW_KEYS_IN_ORDER.map((k) => ({ label: VIEW_LABELS[k], name: t('{{name}} (demo image)', { name: demo.selected?.name ?? t('Demo profile') }) }))
    : VIEW_KEYS_IN_ORDER.filter((k) => picked.byView[k]).map((k) => ({ label: VIEW_LABELS[k], name: picked.byView[k]!.name }));

  async function submit() {
    if (demoId) {
      setSubmitting(true);
      await new Promise((r) => setTimeout(r, TIMING.demoSubmitDelayMs));
      setDemoStart(startDemoSubmission(demoId));
      setSubmitting(false);
      goTo('view');
      return;
    }
    const study = picked.classification?.study;
    if (!study || study.missing.length > 0) {
      notifyFailure(t('Error.'), t(MESSAGES.allFourFiles));
      return;
    }
    if (!study.ready) {
      notifyFailure(t('Error.'), study.messages.map(translateMessage).join(' '));
      return;
    }
    if (flags.limitReached) {
      setLimitDialog(true);
      return;
    }
    setSubmitting(true);
    try {
      await enqueueSubmission(user!.id, Object.fromEntries(VIEW_KEYS.map((k) => [k, picked.byView[k]!])) as Record<ViewKey, File>);
      await picked.clear();
      goTo('view');
    } finally {
      setSubmitting(false);
    }
  }

  async function startOver() {
    if (item?.state === 'failed') await discardSubmission(item.id);
    await picked.clear();
    goTo('upload');
  }

  let body: ReactNode;
  if (step === 'retrieve') {
    body = (
      <>
        <Text size="lg">
          {t(
            'First, ask the clinic where you had your screening for a copy of your latest mammogram. You need the four images as DICOM files: each breast seen from above (CC) and from the side (MLO).',
          )}
        </Text>
        <Group>
          <Button component={Link} to="/retrieval-guide" variant="default">
            {t('Learn how')}
          </Button>
          <Button onClick={() => goTo('upload')} loading={moving === 'upload'}>
            {t('I have my images')}
          </Button>
        </Group>
      </>
    );
  } else if (step === 'upload') {
    body = demoMode ? (
      <>
        <Text size="lg">
          {t('In the demo, the four images of {{name}} are used. You do not need to upload anything.', { name: demo.selected?.name ?? t('the demo profile') })}
        </Text>
        <Group>
          <Button onClick={() => goTo('submit')} loading={moving === 'submit'}>
            {t('Continue')}
          </Button>
        </Group>
      </>
    ) : (
      <UploadStep picked={picked} onPick={(files) => void picked.pick(files)} onContinue={() => goTo('submit')} />
    );
  } else if (step === 'submit') {
    body = (
      <SubmitStep
        rows={rows}
        hasFiles={demoMode || picked.files.length > 0}
        submitting={submitting || moving === 'view'}
        onDifferent={() => void (demoMode ? goTo('upload') : startOver())}
        onSubmit={() => void submit()}
      />
    );
  } else {
    body =
      demoId ? (
        demoStart ? (
          <DemoResultStep demoUserId={demoId} startedAt={demoStart} />
        ) : (
          <Text>{t('No simulated submission yet.')}</Text>
        )
      ) : user ? (
        <ResultStep userId={user.id} canSubmitAgain={!flags.limitReached} onSubmitAgain={() => void startOver()} />
      ) : null;
  }

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Group gap="sm">
          <Title order={1}>{t('New submission')}</Title>
          {demoMode && (
            <Badge variant="light" size="lg">
              {t('Demo: {{name}}', { name: demo.selected?.name ?? '' })}
            </Badge>
          )}
        </Group>
        <Text size="lg" c="dimmed">
          {demoMode ? t('A simulated submission with a demo profile. Nothing is uploaded.') : t('Four steps from your mammogram to your scores.')}
        </Text>
      </Stack>
      <Grid gap={40}>
        <Grid.Col span={4}>
          <Stepper
            active={index}
            orientation="vertical"
            onStepClick={(i) => goTo(STEPS[i])}
            allowNextStepsSelect={false}
            aria-label={t('Submission steps')}
          >
            {STEPS.map((s, i) => (
              <Stepper.Step
                key={s}
                label={t(STEP_TEXT[s].label)}
                description={t(STEP_TEXT[s].description)}
                allowStepSelect={i < index && step !== 'view'}
                loading={moving === s}
              />
            ))}
          </Stepper>
        </Grid.Col>
        <Grid.Col span={8}>
          <StepPanel step={step}>{body}</StepPanel>
        </Grid.Col>
      </Grid>
      <LimitReachedDialog opened={limitDialog} onClose={() => setLimitDialog(false)} />
    </Stack>
  );
}
