import { useState } from 'react';
import { Anchor, Button, Checkbox, Group, List, Stack, Text } from '@mantine/core';
import { TermsModal, type TermsDoc } from './TermsModal';

export interface SubmitFileRow {
  label: string;
  name: string;
}

/** Step 3: the files that will be sent, the terms, and Submit. */
export function SubmitStep({
  rows,
  hasFiles,
  submitting,
  onDifferent,
  onSubmit,
}: {
  rows: SubmitFileRow[];
  hasFiles: boolean;
  submitting: boolean;
  onDifferent: () => void;
  onSubmit: () => void;
}) {
  const [agreed, setAgreed] = useState(false);
  const [doc, setDoc] = useState<TermsDoc | null>(null);
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Text size="lg">These files will be sent:</Text>
        {rows.length ? (
          <List spacing={4} data-testid="submit-files">
            {rows.map((r) => (
              <List.Item key={r.label + r.name}>
                <Text span fw={600}>
                  {r.label}
                </Text>{' '}
                {r.name}
              </List.Item>
            ))}
          </List>
        ) : (
          <Text c="dimmed">No files yet.</Text>
        )}
      </Stack>
      <Text>
        Please read our{' '}
        <Anchor component="button" type="button" onClick={() => setDoc('privacy')} fz="inherit">
          Privacy Policy
        </Anchor>{' '}
        and{' '}
        <Anchor component="button" type="button" onClick={() => setDoc('terms')} fz="inherit">
          Terms of Service
        </Anchor>{' '}
        before you submit.
      </Text>
      <Checkbox size="md" label="I agree to the terms and conditions" checked={agreed} onChange={(e) => setAgreed(e.currentTarget.checked)} />
      <Group>
        <Button variant="default" onClick={onDifferent}>
          Upload different set of images
        </Button>
        <Button onClick={onSubmit} disabled={!agreed || !hasFiles} loading={submitting}>
          Submit
        </Button>
      </Group>
      <TermsModal doc={doc} onClose={() => setDoc(null)} />
    </Stack>
  );
}
