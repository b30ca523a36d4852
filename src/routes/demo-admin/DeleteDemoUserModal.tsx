import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DemoUserPublic } from '../../../core/contract';
import { deleteDemoUser, demoKeys } from '../../api/demo';
import { useT } from '../../i18n';
import { getDemoUserId, clearDemoUser } from '../../session/demo';
import { notifyFailure, notifySuccess } from '../../lib/notify';

export function DeleteDemoUserModal({ user, onClose }: { user: DemoUserPublic; onClose: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => deleteDemoUser(user.id),
    onSuccess: () => {
      if (getDemoUserId() === user.id) clearDemoUser();
      notifySuccess(t('The demo user was deleted successfully.'));
      onClose();
    },
    onError: () => notifyFailure(t('An error occurred.'), t('An error occurred while deleting the demo user.')),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: demoKeys.users });
      void queryClient.invalidateQueries({ queryKey: demoKeys.tasks });
      void queryClient.invalidateQueries({ queryKey: demoKeys.images });
    },
  });
  return (
    <Modal opened onClose={onClose} title={t('Delete demo user')}>
      <Stack gap="md">
        <Text>
          {t('The demo profile')} <strong>{user.name}</strong> {t('and its images will be')} <strong>{t('permanently deleted.')}</strong>{' '}
          {t('Are you sure? You will not be able to undo this action.')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            {t('Cancel')}
          </Button>
          <Button color="red.8" onClick={() => mutation.mutate()} loading={mutation.isPending}>
            {t('Delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
