import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserPublic } from '../../../core/contract';
import { queryKeys } from '../../api/queries';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
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
    <ConfirmDeleteModal title={t('Delete User')} pending={mutation.isPending} onConfirm={() => mutation.mutate()} onClose={onClose}>
      {t('All data of')} <strong>{user.email}</strong> {t('will be')} <strong>{t('permanently deleted.')}</strong>
    </ConfirmDeleteModal>
  );
}
