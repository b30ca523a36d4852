import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserPublic } from '../../../core/contract';
import { queryKeys } from '../../api/queries';
import { deleteUser } from '../../api/users';
import { notifyFailure, notifySuccess } from '../../lib/notify';

export function DeleteUserModal({ user, onClose }: { user: UserPublic; onClose: () => void }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => deleteUser(user.id),
    onSuccess: () => {
      notifySuccess('The user was deleted successfully.');
      onClose();
    },
    onError: () => notifyFailure('An error occurred.', 'An error occurred while deleting the user.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  });
  return (
    <Modal opened onClose={onClose} title="Delete User">
      <Stack gap="md">
        <Text>
          All data of <strong>{user.email}</strong> will be <strong>permanently deleted.</strong> Are you sure? You will not be able to undo
          this action.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button color="red.8" onClick={() => mutation.mutate()} loading={mutation.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
