import { useState } from 'react';
import { Alert, Button, FileButton, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ViewKey } from '../../../core/contract';
import { STUDY_MESSAGES, VIEW_KEYS_IN_ORDER, VIEW_LABELS, type StudyClassification } from '../../../core/dicom/classify';
import { queryKeys } from '../../api/queries';
import { createTask } from '../../api/tasks';
import { msg, useT } from '../../i18n';
import { notifyError, notifyFailure, notifySuccess } from '../../lib/notify';
import { classifyFiles } from '../submit/dicom-client';

type Assigned = Partial<Record<ViewKey, File>>;

/** What the study's sentences are made of (core/dicom/classify's STUDY_MESSAGES), kept to be put in words when shown. */
type StudyProblems = Pick<StudyClassification, 'doubled' | 'missing' | 'oneStudy'>;

const NO_PROBLEMS: StudyProblems = { doubled: [], missing: [], oneStudy: true };

/** STUDY_MESSAGES.doubled's sentence by the number of files, as it writes the number (in words up to eight). */
const DOUBLED: Record<number, string> = {
  2: msg('Two files are {{view}} views.'),
  3: msg('Three files are {{view}} views.'),
  4: msg('Four files are {{view}} views.'),
  5: msg('Five files are {{view}} views.'),
  6: msg('Six files are {{view}} views.'),
  7: msg('Seven files are {{view}} views.'),
  8: msg('Eight files are {{view}} views.'),
};

/** The sentences of STUDY_MESSAGES about the set (doubled views, missing views, mixed studies), in the current language. */
function studyMessages({ doubled, missing, oneStudy }: StudyProblems, t: ReturnType<typeof useT>): string[] {
  return [
    ...doubled.map((d) => t(DOUBLED[d.names.length] ?? msg('{{n}} files are {{view}} views.'), { n: d.names.length, view: VIEW_LABELS[d.key] })),
    ...(missing.length ? [t('Missing: {{views}}.', { views: missing.map((k) => VIEW_LABELS[k]).join(', ') })] : []),
    ...(oneStudy ? [] : [t(STUDY_MESSAGES.mixedStudies)]),
  ];
}

/**
 * The admin 'Add task' modal (spec section 2): files are classified by their DICOM headers in the
 * browser (the DICOM worker), in any order; files the rules turn away are ignored and logged
 * (spec section 5).
 */
export function AddTaskModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [assigned, setAssigned] = useState<Assigned>({});
  const [problems, setProblems] = useState<StudyProblems>(NO_PROBLEMS);
  const messages = studyMessages(problems, t);
  const [reading, setReading] = useState(false);

  const reset = () => {
    setAssigned({});
    setProblems(NO_PROBLEMS);
  };
  const close = () => {
    reset();
    onClose();
  };

  const pick = async (files: File[]) => {
    if (!files.length) return;
    setReading(true);
    try {
      const { study } = await classifyFiles(files, {});
      for (const r of study.rejected) console.warn(`Add task: ${r.name} ignored: ${r.detail}`);
      const next: Assigned = {};
      for (const [key, name] of Object.entries(study.assigned) as [ViewKey, string][]) {
        const file = files.find((f) => f.name === name);
        if (file) next[key] = file;
      }
      setAssigned(next);
      setProblems({ doubled: study.doubled, missing: study.missing, oneStudy: study.oneStudy });
    } catch (error) {
      notifyError(error);
    } finally {
      setReading(false);
    }
  };

  const submit = useMutation({
    mutationFn: () => createTask(assigned as Record<ViewKey, File>),
    onSuccess: () => {
      notifySuccess(t('Task created successfully.'));
      void queryClient.invalidateQueries({ queryKey: queryKeys.tasks });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lastTask });
      close();
    },
    onError: notifyError,
  });

  const onSubmit = () => {
    if (VIEW_KEYS_IN_ORDER.some((k) => !assigned[k])) {
      notifyFailure(t('Error.'), t('Please upload all four files.'));
      return;
    }
    submit.mutate();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('Add task')} size="lg">
      <Stack gap="md">
        <Alert color="yellow" variant="light" data-testid="safari-warning">
          {t('This functionality is not supported in Safari.')}
        </Alert>
        <Text>{t('Choose the four DICOM files of one study (R-CC, L-CC, R-MLO, L-MLO), in any order.')}</Text>
        <Group>
          <FileButton onChange={(f) => void pick(f)} multiple accept=".dcm,application/dicom">
            {(props) => (
              <Button variant="default" {...props} loading={reading}>
                {t('Choose files')}
              </Button>
            )}
          </FileButton>
          {reading && <Loader size="sm" aria-label={t('Reading the files')} />}
        </Group>
        <Table withTableBorder data-testid="add-task-files">
          <Table.Tbody>
            {VIEW_KEYS_IN_ORDER.map((k) => (
              <Table.Tr key={k}>
                <Table.Th w={90}>{VIEW_LABELS[k]}</Table.Th>
                <Table.Td c={assigned[k] ? undefined : 'dimmed'}>{assigned[k]?.name ?? t('No file yet')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {messages.map((m) => (
          <Text key={m} size="sm" c="orange.8">
            {m}
          </Text>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('Cancel')}
          </Button>
          <Button onClick={onSubmit} loading={submit.isPending}>
            {t('Submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
