import { useState } from 'react';
import { Anchor, Button, Checkbox, Group, List, Stack, Text } from '@mantine/core';
import { TermsModal, type TermsDoc } from './TermsModal';
import { useT } from '../../i18n';

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
  const t = useT();
  const [agreed, setAgreed] = useState(false);
  const [doc, setDoc] = useState<TermsDoc | null>(null);
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Text size="lg">{t('These files will be sent:')}</Text>
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
          <Text c="dimmed">{t('No files yet.')}</Text>
        )}
      </Stack>
      <Text>
        {t('Please read our')}{' '}
        <Anchor component="button" type="button" onClick={() => setDoc('privacy')} fz="inherit">
          {t('Privacy Policy')}
        </Anchor>{' '}
        {t('and')}{' '}
        <Anchor component="button" type="button" onClick={() => setDoc('terms')} fz="inherit">
          {t('Terms of Service')}
        </Anchor>{' '}
        {t('before you submit.')}
      </Text>
      <Checkbox size="md" label={t('I agree to the terms and conditions')} checked={agreed} onChange={(e) => setAgreed(e.currentTarget.checked)} />
      <Group>
        <Button variant="default" onClick={onDifferent}>
          {t('Upload different set of images')}
        </Button>
        <Button onClick={onSubmit} disabled={!agreed || !hasFiles} loading={submitting}>
          {t('Submit')}
        </Button>
      </Group>
      <TermsModal doc={doc} onClose={() => setDoc(null)} />
    </Stack>
  );
}
