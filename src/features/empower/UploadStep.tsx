import { useState } from 'react';
import { Anchor, Button, Checkbox, FileButton, Group, Loader, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ViewKey } from '../../../core/contract';
import { VIEW_KEYS_IN_ORDER, VIEW_LABELS } from '../../../core/dicom/classify';
import { configQuery, queryKeys } from '../../api/queries';
import { createTask } from '../../api/tasks';
import { errorMessage, notifyFailure, notifySuccess } from '../../lib/notify';
import { useT } from '../../i18n';
import { translateMessage } from '../../lib/messages';
import { TermsModal, type TermsDoc } from '../submit/TermsModal';
import { PickReport } from '../submit/UploadStep';
import { usePickedFiles } from '../submit/usePickedFiles';

/**
 * /empower/upload: the 'Upload Mammogram' modal (spec section 2): files classified by their headers
 * in any order, the list of file names, the terms checkbox and Submit, then /empower/processing.
 */
export function UploadStep({ onFilesChange }: { onFilesChange: (hasFiles: boolean) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useQuery(configQuery());
  const picked = usePickedFiles(null, config.data?.contact_email);
  const [opened, setOpened] = useState(true);
  const [agreed, setAgreed] = useState(false);
  const [doc, setDoc] = useState<TermsDoc | null>(null);

  const submit = useMutation({
    mutationFn: () => createTask(picked.byView as Record<ViewKey, File>),
    onSuccess: () => {
      notifySuccess(t('Mammogram uploaded successfully.'));
      void queryClient.invalidateQueries({ queryKey: queryKeys.tasks });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lastTask });
      void navigate({ to: '/empower/$', params: { _splat: 'processing' } });
    },
    // The server's detail in the reader's language (notifyError's toast otherwise).
    onError: (error) => notifyFailure(t('Error.'), translateMessage(errorMessage(error))),
  });

  const pick = (files: File[]) => {
    onFilesChange(files.length > 0);
    void picked.pick(files);
  };
  const onSubmit = () => {
    if (VIEW_KEYS_IN_ORDER.some((k) => !picked.byView[k])) {
      notifyFailure(t('Error.'), t('Please upload all four files.'));
      return;
    }
    submit.mutate();
  };
  const hasFiles = picked.files.length > 0;

  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>{t('Upload your mammograms')}</Title>
        <Text c="dimmed" size="lg" mt={4}>
          {t('Choose the four .dcm files you got from your clinic. The order does not matter.')}
        </Text>
      </div>
      <Paper withBorder radius="lg" p="xl">
        <Group justify="space-between">
          <Text>{!hasFiles ? t('No files chosen yet.') : picked.files.length === 1 ? t('1 files chosen.') : t('{{n}} files chosen.', { n: picked.files.length })}</Text>
          <Button onClick={() => setOpened(true)}>{t('Upload Mammogram')}</Button>
        </Group>
      </Paper>

      <Modal opened={opened} onClose={() => setOpened(false)} title={t('Upload Mammogram')} size="lg">
        <Stack gap="md">
          <Text>{t('Choose the four .dcm files of one mammogram: right and left breast, each from above (CC) and from the side (MLO).')}</Text>
          <Group>
            <FileButton onChange={pick} multiple accept=".dcm,application/dicom" inputProps={{ 'aria-label': t('Choose image files') }}>
              {(props) => (
                <Button {...props} variant={hasFiles ? 'default' : 'filled'}>
                  {hasFiles ? t('Add or replace files') : t('Choose files')}
                </Button>
              )}
            </FileButton>
            {picked.status === 'classifying' && <Loader size="sm" aria-label={t('Reading the files')} />}
          </Group>
          {hasFiles && (
            <Table withTableBorder fz="md" data-testid="empower-files">
              <Table.Tbody>
                {VIEW_KEYS_IN_ORDER.map((k) => (
                  <Table.Tr key={k}>
                    <Table.Th w={90}>{VIEW_LABELS[k]}</Table.Th>
                    <Table.Td c={picked.byView[k] ? undefined : 'dimmed'}>{picked.byView[k]?.name ?? t('Missing')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <PickReport picked={picked} />
          <Checkbox
            size="md"
            styles={{ description: { fontSize: 'var(--mantine-font-size-md)' } }}
            checked={agreed}
            onChange={(e) => setAgreed(e.currentTarget.checked)}
            label={t('I agree to the terms and conditions')}
            description={
              <>
                {t('Read the')}{' '}
                <Anchor component="button" type="button" fz="inherit" onClick={() => setDoc('privacy')}>
                  {t('Privacy Policy')}
                </Anchor>{' '}
                {t('and the')}{' '}
                <Anchor component="button" type="button" fz="inherit" onClick={() => setDoc('terms')}>
                  {t('Terms of Service')}
                </Anchor>
                .
              </>
            }
          />
          <Group justify="flex-end">
            <Button onClick={onSubmit} disabled={!agreed || !hasFiles} loading={submit.isPending}>
              {t('Submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <TermsModal doc={doc} onClose={() => setDoc(null)} />
    </Stack>
  );
}
