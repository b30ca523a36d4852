import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { deleteMe } from '../../api/users';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useLogout } from '../../session/useSession';

export function DangerZoneTab() {
  const [opened, { open, close }] = useDisclosure(false);
  const logout = useLogout();
  const mutation = useMutation({
    mutationFn: deleteMe,
    onSuccess: () => {
      notifySuccess('Your account has been successfully deleted.');
      close();
      logout();
    },
    onError: notifyError,
  });
  return (
    <Paper withBorder radius="lg" p="xl" maw={620} style={{ borderColor: 'var(--mantine-color-red-outline)' }}>
      <Title order={2} size="h3" mb="xs">
        Delete Account
      </Title>
      <Text mb="lg">Permanently delete your account, your images and your results. This cannot be undone.</Text>
      <Button color="red.8" onClick={open}>
        Delete account
      </Button>
      <Modal opened={opened} onClose={close} title="Confirmation required">
        <Stack gap="md">
          <Text>
            All your account data will be <strong>permanently deleted.</strong> If you are sure, please click <strong>“Confirm”</strong> to proceed.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button color="red.8" onClick={() => mutation.mutate()} loading={mutation.isPending}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
