import { useState, type DragEvent } from 'react';
import { Alert, Anchor, Box, Button, FileButton, Group, Loader, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { VIEW_KEYS, type ViewKey } from '../../../core/contract';
import { VIEW_LABELS } from '../../../core/dicom/classify';
import { IconUpload } from '../../components/icons';
import type { Picked } from './usePickedFiles';
import { msg, useT } from '../../i18n';
import { translateMessage } from '../../lib/messages';

/** The four views as a radiologist hangs them: right beside left, CC above MLO. */
const SLOTS: readonly ViewKey[] = VIEW_KEYS;
/** In English; translated when shown. */
const SLOT_HELP: Record<ViewKey, string> = {
  r_cc: msg('Right breast, from above'),
  l_cc: msg('Left breast, from above'),
  r_mlo: msg('Right breast, from the side'),
  l_mlo: msg('Left breast, from the side'),
};

function Check() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.6} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

function ViewSlots({ picked }: { picked: Picked }) {
  const t = useT();
  return (
    <SimpleGrid cols={2} spacing="sm" aria-label={t('Your four images')}>
      {SLOTS.map((key) => {
        const file = picked.byView[key];
        return (
          <Paper key={key} withBorder radius="md" p="md" data-testid={`slot-${key}`} data-file={file?.name ?? ''}>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon size={28} radius="xl" variant={file ? 'filled' : 'light'} color={file ? 'teal' : 'gray'} aria-hidden>
                {file ? <Check /> : <Text size="xs">?</Text>}
              </ThemeIcon>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600}>
                  {VIEW_LABELS[key]} <Text span c="dimmed" fw={400}>· {t(SLOT_HELP[key])}</Text>
                </Text>
                <Text c={file ? undefined : 'dimmed'} truncate="end">
                  {file ? file.name : t('Missing')}
                </Text>
              </Stack>
            </Group>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

/** What the headers said about the set and about each file that was turned away. */
export function PickReport({ picked }: { picked: Picked }) {
  const t = useT();
  const c = picked.classification;
  if (!c) return null;
  return (
    <Stack gap="sm">
      {c.study.messages.length > 0 && (
        <Alert color="yellow" variant="default" radius="md" style={{ borderLeft: '4px solid var(--mantine-color-yellow-6)' }} title={t('Check your files')} data-testid="study-messages">
          <Stack gap={4}>
            {c.study.messages.map((m) => (
              <Text key={m}>{translateMessage(m)}</Text>
            ))}
          </Stack>
        </Alert>
      )}
      {c.study.rejected.length > 0 && (
        <Alert color="orange" variant="default" radius="md" style={{ borderLeft: '4px solid var(--mantine-color-orange-6)' }} title={t('Some files cannot be used')} data-testid="rejected-files">
          <Stack gap="xs">
            {c.study.rejected.map((r, i) => (
              <Box key={`${r.name}-${i}`} data-testid="rejected-file">
                <Text fw={600}>{r.name}</Text>
                <Text>{translateMessage(r.message)}</Text>
                {r.message !== r.detail && (
                  <Text c="dimmed">
                    {translateMessage(r.detail)}
                  </Text>
                )}
              </Box>
            ))}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

export function UploadStep({ picked, onPick, onContinue }: { picked: Picked; onPick: (files: File[]) => void; onContinue: () => void }) {
  const t = useT();
  const [over, setOver] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    onPick([...e.dataTransfer.files]);
  };
  return (
    <Stack gap="lg">
      <Text size="lg">
        {t(
          'Choose the four image files you got from your clinic. They end in .dcm. The order does not matter: we read each file to see which view it is. Not sure how to get them?',
        )}{' '}
        <Anchor component={Link} to="/retrieval-guide">
          {t('Back to the retrieval guide')}
        </Anchor>
        .
      </Text>
      <Paper
        radius="lg"
        p="xl"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        style={{
          border: `2px dashed var(--mantine-color-${over ? 'clinical-6' : 'default-border'})`,
          background: over ? 'var(--mantine-primary-color-light)' : undefined,
        }}
      >
        <Stack align="center" gap="sm">
          <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
            <IconUpload size={26} />
          </ThemeIcon>
          <Text fw={500}>{t('Drag your four .dcm files here')}</Text>
          <FileButton onChange={(files) => onPick(files)} multiple accept=".dcm,application/dicom" inputProps={{ 'aria-label': t('Choose image files') }}>
            {(props) => (
              <Button {...props} variant={picked.files.length ? 'default' : 'filled'}>
                {picked.files.length ? t('Add or replace files') : t('Choose files')}
              </Button>
            )}
          </FileButton>
          <Text c="dimmed">{t('The files stay on this device until you submit. Only the start of each file is read now.')}</Text>
        </Stack>
      </Paper>

      {picked.status === 'classifying' && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('Reading your files…')}</Text>
        </Group>
      )}
      {picked.status === 'classified' && (
        <>
          <ViewSlots picked={picked} />
          <PickReport picked={picked} />
        </>
      )}
      <Group>
        <Button onClick={onContinue} disabled={picked.status !== 'classified'}>
          {t('Continue')}
        </Button>
      </Group>
    </Stack>
  );
}
