import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { deleteMe } from '../../api/users';
import { useT } from '../../i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useLogout } from '../../session/useSession';

export function DangerZoneTab() {
  const t = useT();
  const [opened, { open, close }] = useDisclosure(false);
  const logout = useLogout();
  const mutation = useMutation({
    mutationFn: deleteMe,
    onSuccess: () => {
      notifySuccess(t('Your account has been successfully deleted.'));
      close();
      logout();
    },
    onError: notifyError,
  });
  return (
    <Paper withBorder radius="lg" p="xl" maw={620} style={{ borderColor: 'var(--mantine-color-red-outline)' }}>
      <Title order={2} size="h3" mb="xs">
        {t('Delete Account')}
      </Title>
      <Text mb="lg">{t('Permanently delete your account, your images and your results. This cannot be undone.')}</Text>
      <Button color="red.8" onClick={open}>
        {t('Delete account')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('Confirmation required')}>
        <Stack gap="md">
          <Text>
            {t('All your account data will be')} <strong>{t('permanently deleted.')}</strong> {t('If you are sure, please click')} <strong>{t('“Confirm”')}</strong>{' '}
            {t('to proceed.')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={mutation.isPending}>
              {t('Cancel')}
            </Button>
            <Button color="red.8" onClick={() => mutation.mutate()} loading={mutation.isPending}>
              {t('Confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
