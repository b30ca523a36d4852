import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DemoUserPublic } from '../../../core/contract';
import { deleteDemoUser, demoKeys } from '../../api/demo';
import { getDemoUserId, clearDemoUser } from '../../session/demo';
import { notifyFailure, notifySuccess } from '../../lib/notify';

export function DeleteDemoUserModal({ user, onClose }: { user: DemoUserPublic; onClose: () => void }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => deleteDemoUser(user.id),
    onSuccess: () => {
      if (getDemoUserId() === user.id) clearDemoUser();
      notifySuccess('The demo user was deleted successfully.');
      onClose();
    },
    onError: () => notifyFailure('An error occurred.', 'An error occurred while deleting the demo user.'),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: demoKeys.users });
      void queryClient.invalidateQueries({ queryKey: demoKeys.tasks });
      void queryClient.invalidateQueries({ queryKey: demoKeys.images });
    },
  });
  return (
    <Modal opened onClose={onClose} title="Delete demo user">
      <Stack gap="md">
        <Text>
          The demo profile <strong>{user.name}</strong> and its images will be <strong>permanently deleted.</strong> Are you sure? You will not
          be able to undo this action.
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
