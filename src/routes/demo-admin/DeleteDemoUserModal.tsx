import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DemoUserPublic } from '../../../core/contract';
import { deleteDemoUser, demoKeys } from '../../api/demo';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
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
    <ConfirmDeleteModal title={t('Delete demo user')} pending={mutation.isPending} onConfirm={() => mutation.mutate()} onClose={onClose}>
      {t('The demo profile')} <strong>{user.name}</strong> {t('and its images will be')} <strong>{t('permanently deleted.')}</strong>
    </ConfirmDeleteModal>
  );
}
