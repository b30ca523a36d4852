import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserPublic } from '../../../core/contract';
import { queryKeys } from '../../api/queries';
import { deleteUser } from '../../api/users';
import { useT } from '../../i18n';
import { notifyFailure, notifySuccess } from '../../lib/notify';

export function DeleteUserModal({ user, onClose }: { user: UserPublic; onClose: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => deleteUser(user.id),
    onSuccess: () => {
      notifySuccess(t('The user was deleted successfully.'));
      onClose();
    },
    onError: () => notifyFailure(t('An error occurred.'), t('An error occurred while deleting the user.')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  });
  return (
    <Modal opened onClose={onClose} title={t('Delete User')}>
      <Stack gap="md">
        <Text>
          {t('All data of')} <strong>{user.email}</strong> {t('will be')} <strong>{t('permanently deleted.')}</strong>{' '}
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
