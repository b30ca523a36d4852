import { useState } from 'react';
import { Button, Group, List, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQuery, queryKeys } from '../../api/queries';
import { deleteTask } from '../../api/tasks';
import { msg, useT } from '../../i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useOnline } from '../../offline/OfflineUi';
import { forgetViewerStudy } from '../../offline/viewer-cache';
import { formatDateTime } from './format';

/** Deleting needs the server to say it is done, so offline the button waits, and says why. */
export const OFFLINE_REASON = msg('You are offline. Deleting needs a connection, so we can make sure the study is really gone.');

/**
 * "Delete this study" (issue 18, item 6): a confirmation that names what goes, then DELETE
 * /tasks/{id}. The study then leaves her history, and the image viewer's offline copies of it go
 * too; `onDeleted` takes her to what is left.
 */
export function DeleteStudyButton({
  taskId,
  studyInstanceUid,
  createdAt,
  onDeleted,
}: {
  taskId: string;
  studyInstanceUid: string | null;
  createdAt: string;
  onDeleted: () => void;
}) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const online = useOnline();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => deleteTask(taskId),
    onSuccess: async () => {
      setOpened(false);
      queryClient.removeQueries({ queryKey: queryKeys.task(taskId) });
      if (studyInstanceUid) await forgetViewerStudy(studyInstanceUid).catch(() => undefined);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tasks }),
        queryClient.invalidateQueries({ queryKey: queryKeys.lastTask }),
        queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey }),
      ]);
      notifySuccess(t('Study deleted.'), t('Its files, results and images are gone.'));
      onDeleted();
    },
    onError: notifyError,
  });

  const button = (
    <Button variant="default" onClick={() => setOpened(true)} disabled={!online} data-testid="delete-study">
      {t('Delete this study')}
    </Button>
  );
  return (
    <>
      {online ? (
        button
      ) : (
        <Tooltip label={t(OFFLINE_REASON)} multiline w={260} withArrow position="bottom-end" events={{ hover: true, focus: true, touch: true }}>
          {/* A disabled button hears no pointer: the wrapper shows the reason. */}
          <span tabIndex={0} aria-label={`${t('Delete this study.')} ${t(OFFLINE_REASON)}`} data-testid="delete-study-offline">
            {button}
          </span>
        </Tooltip>
      )}
      <Modal opened={opened} onClose={() => !mutation.isPending && setOpened(false)} title={t('Delete this study?')} centered size="lg">
        <Stack gap="md">
          <Text>{t('This deletes your study of {{date}} for good. These go:', { date: formatDateTime(createdAt) })}</Text>
          <List spacing={4}>
            <List.Item>{t('the four DICOM files you uploaded')}</List.Item>
            <List.Item>{t('its results: every score, also earlier versions of them')}</List.Item>
            <List.Item>{t('its images and the pictures drawn over them')}</List.Item>
          </List>
          <Text>{t('It will no longer be in your list of studies. You cannot undo this.')}</Text>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={() => setOpened(false)} disabled={mutation.isPending} data-autofocus>
              {t('Keep it')}
            </Button>
            {/* red.9: white on it reads at 4.5:1 and more. */}
            <Button color="red.9" onClick={() => mutation.mutate()} loading={mutation.isPending} data-testid="confirm-delete-study">
              {t('Delete this study')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
