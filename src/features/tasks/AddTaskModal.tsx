import { useState } from 'react';
import { Alert, Button, FileButton, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ViewKey } from '../../../core/contract';
import { VIEW_KEYS_IN_ORDER, VIEW_LABELS } from '../../../core/dicom/classify';
import { queryKeys } from '../../api/queries';
import { createTask } from '../../api/tasks';
import { notifyError, notifyFailure, notifySuccess } from '../../lib/notify';
import { classifyFiles } from '../submit/dicom-client';

type Assigned = Partial<Record<ViewKey, File>>;

/**
 * The admin 'Add task' modal (spec section 2): files are classified by their DICOM headers in the
 * browser (the DICOM worker), in any order; files the rules turn away are ignored and logged
 * (spec section 5).
 */
export function AddTaskModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [assigned, setAssigned] = useState<Assigned>({});
  const [messages, setMessages] = useState<string[]>([]);
  const [reading, setReading] = useState(false);

  const reset = () => {
    setAssigned({});
    setMessages([]);
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
      setMessages(study.messages);
    } catch (error) {
      notifyError(error);
    } finally {
      setReading(false);
    }
  };

  const submit = useMutation({
    mutationFn: () => createTask(assigned as Record<ViewKey, File>),
    onSuccess: () => {
      notifySuccess('Task created successfully.');
      void queryClient.invalidateQueries({ queryKey: queryKeys.tasks });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lastTask });
      close();
    },
    onError: notifyError,
  });

  const onSubmit = () => {
    if (VIEW_KEYS_IN_ORDER.some((k) => !assigned[k])) {
      notifyFailure('Error.', 'Please upload all four files.');
      return;
    }
    submit.mutate();
  };

  return (
    <Modal opened={opened} onClose={close} title="Add task" size="lg">
      <Stack gap="md">
        <Alert color="yellow" variant="light" data-testid="safari-warning">
          This functionality is not supported in Safari.
        </Alert>
        <Text>Choose the four DICOM files of one study (R-CC, L-CC, R-MLO, L-MLO), in any order.</Text>
        <Group>
          <FileButton onChange={(f) => void pick(f)} multiple accept=".dcm,application/dicom">
            {(props) => (
              <Button variant="default" {...props} loading={reading}>
                Choose files
              </Button>
            )}
          </FileButton>
          {reading && <Loader size="sm" aria-label="Reading the files" />}
        </Group>
        <Table withTableBorder data-testid="add-task-files">
          <Table.Tbody>
            {VIEW_KEYS_IN_ORDER.map((k) => (
              <Table.Tr key={k}>
                <Table.Th w={90}>{VIEW_LABELS[k]}</Table.Th>
                <Table.Td c={assigned[k] ? undefined : 'dimmed'}>{assigned[k]?.name ?? 'No file yet'}</Table.Td>
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
            Cancel
          </Button>
          <Button onClick={onSubmit} loading={submit.isPending}>
            Submit
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
