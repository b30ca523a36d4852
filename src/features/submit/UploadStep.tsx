import { useState, type DragEvent } from 'react';
import { Alert, Anchor, Box, Button, FileButton, Group, Loader, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ViewKey } from '../../../core/contract';
import { VIEW_LABELS } from '../../../core/dicom/classify';
import { IconUpload } from '../../components/icons';
import type { Picked } from './usePickedFiles';

/** The four views as a radiologist hangs them: right beside left, CC above MLO. */
const SLOTS: readonly ViewKey[] = ['r_cc', 'l_cc', 'r_mlo', 'l_mlo'];
const SLOT_HELP: Record<ViewKey, string> = {
  r_cc: 'Right breast, from above',
  l_cc: 'Left breast, from above',
  r_mlo: 'Right breast, from the side',
  l_mlo: 'Left breast, from the side',
};

function Check() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.6} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

function ViewSlots({ picked }: { picked: Picked }) {
  return (
    <SimpleGrid cols={2} spacing="sm" aria-label="Your four images">
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
                  {VIEW_LABELS[key]} <Text span c="dimmed" size="sm" fw={400}>· {SLOT_HELP[key]}</Text>
                </Text>
                <Text size="sm" c={file ? undefined : 'dimmed'} truncate="end">
                  {file ? file.name : 'Missing'}
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
  const c = picked.classification;
  if (!c) return null;
  return (
    <Stack gap="sm">
      {c.study.messages.length > 0 && (
        <Alert color="yellow" variant="default" radius="md" style={{ borderLeft: '4px solid var(--mantine-color-yellow-6)' }} title="Check your files" data-testid="study-messages">
          <Stack gap={4}>
            {c.study.messages.map((m) => (
              <Text key={m}>{m}</Text>
            ))}
          </Stack>
        </Alert>
      )}
      {c.study.rejected.length > 0 && (
        <Alert color="orange" variant="default" radius="md" style={{ borderLeft: '4px solid var(--mantine-color-orange-6)' }} title="Some files cannot be used" data-testid="rejected-files">
          <Stack gap="xs">
            {c.study.rejected.map((r, i) => (
              <Box key={`${r.name}-${i}`} data-testid="rejected-file">
                <Text fw={600}>{r.name}</Text>
                <Text>{r.message}</Text>
                {r.message !== r.detail && (
                  <Text size="sm" c="dimmed">
                    {r.detail}
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
  const [over, setOver] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    onPick([...e.dataTransfer.files]);
  };
  return (
    <Stack gap="lg">
      <Text size="lg">
        Choose the four image files you got from your clinic. They end in .dcm. The order does not matter: we read each file to see which view
        it is. Not sure how to get them?{' '}
        <Anchor component={Link} to="/retrieval-guide">
          Back to the retrieval guide
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
          <Text fw={500}>Drag your four .dcm files here</Text>
          <FileButton onChange={(files) => onPick(files)} multiple accept=".dcm,application/dicom" inputProps={{ 'aria-label': 'Choose image files' }}>
            {(props) => (
              <Button {...props} variant={picked.files.length ? 'default' : 'filled'}>
                {picked.files.length ? 'Choose other files' : 'Choose files'}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            The files stay on this device until you submit. Only the start of each file is read now.
          </Text>
        </Stack>
      </Paper>

      {picked.status === 'classifying' && (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>Reading your files…</Text>
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
          Continue
        </Button>
      </Group>
    </Stack>
  );
}
