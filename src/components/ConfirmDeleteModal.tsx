import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useT } from '../i18n';

export interface ConfirmDeleteModalProps {
  title: string;
  /** What will be deleted, in the page's language. */
  children: ReactNode;
  pending: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** Asks before deleting for good: Cancel, or Delete (busy while the deletion runs). */
export function ConfirmDeleteModal({ title, children, pending, onConfirm, onClose }: ConfirmDeleteModalProps) {
  const t = useT();
  return (
    <Modal opened onClose={onClose} title={title}>
      <Stack gap="md">
        <Text>
          {children} {t('Are you sure? You will not be able to undo this action.')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('Cancel')}
          </Button>
          <Button color="red.8" onClick={onConfirm} loading={pending}>
            {t('Delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
