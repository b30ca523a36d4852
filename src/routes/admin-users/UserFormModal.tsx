import { Checkbox, Group, Modal, NumberInput, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserPublic } from '../../../core/contract';
import { queryKeys } from '../../api/queries';
import { createUser, updateUser } from '../../api/users';
import { translatedErrors } from '../../forms/errors';
import { addUserSchema, editUserSchema } from '../../forms/schemas';
import { useT } from '../../i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { FormActions } from '../../components/FormActions';

type Values = {
  email: string;
  full_name: string;
  birthdate: string;
  password: string;
  confirm_password: string;
  is_superuser: boolean;
  is_active: boolean;
  is_test_user: boolean;
  submission_limit: number | string;
};

function initialValues(user?: UserPublic): Values {
  return {
    email: user?.email ?? '',
    full_name: user?.full_name ?? '',
    birthdate: user?.birthdate ?? '',
    password: '',
    confirm_password: '',
    is_superuser: user?.is_superuser ?? false,
    is_active: user?.is_active ?? true,
    is_test_user: user?.is_test_user ?? false,
    submission_limit: user?.submission_limit ?? 0,
  };
}

/** Add User (no user given) or Edit User; a blank password when editing leaves it unchanged. */
export function UserFormModal({ opened, onClose, user }: { opened: boolean; onClose: () => void; user?: UserPublic }) {
  const t = useT();
  const queryClient = useQueryClient();
  const editing = !!user;
  const schema = editing ? editUserSchema : addUserSchema;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: initialValues(user),
    // The number field gives '' when emptied; the schema then reports "must be a number".
    validate: (values) => schemaResolver(schema, { sync: true })({ ...values, submission_limit: values.submission_limit === '' ? undefined : values.submission_limit }),
    validateInputOnBlur: true,
    enhanceGetInputProps: translatedErrors,
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const mutation = useMutation({
    mutationFn: (v: Values) => {
      const common = {
        email: v.email.trim(),
        full_name: v.full_name.trim() || undefined,
        birthdate: v.birthdate || null,
        is_superuser: v.is_superuser,
        is_active: v.is_active,
        is_test_user: v.is_test_user,
        submission_limit: Number(v.submission_limit),
      };
      return user ? updateUser(user.id, { ...common, ...(v.password ? { password: v.password } : {}) }) : createUser({ ...common, password: v.password });
    },
    onSuccess: () => {
      notifySuccess(editing ? t('User updated successfully.') : t('User created successfully.'));
      void queryClient.invalidateQueries({ queryKey: queryKeys.users });
      close();
    },
    onError: notifyError,
  });

  return (
    <Modal opened={opened} onClose={close} title={editing ? t('Edit User') : t('Add User')} size="lg">
      <form onSubmit={form.onSubmit((v) => mutation.mutate(v))} noValidate>
        <Stack gap="md">
          <TextInput label={t('Email')} type="email" required data-autofocus {...form.getInputProps('email')} />
          <SimpleGrid cols={2} spacing="md">
            <TextInput label={t('Full name')} {...form.getInputProps('full_name')} />
            <TextInput label={t('Birthdate')} type="date" {...form.getInputProps('birthdate')} />
          </SimpleGrid>
          <SimpleGrid cols={2} spacing="md">
            <PasswordInput label={t('Set Password')} required={!editing} autoComplete="new-password" description={editing ? t('Leave blank to keep the current password') : undefined} {...form.getInputProps('password')} />
            <PasswordInput label={t('Confirm Password')} required={!editing} autoComplete="new-password" description={editing ? ' ' : undefined} {...form.getInputProps('confirm_password')} />
          </SimpleGrid>
          {/* The minus sign stays and nothing is clamped: "-1" is refused with the schema's message, never saved as 1 or 0. */}
          <NumberInput label={t('Submission limit')} min={0} clampBehavior="none" allowDecimal={false} w={200} {...form.getInputProps('submission_limit')} />
          <Group gap="xl" mt="xs">
            <Checkbox label={t('Is superuser?')} {...form.getInputProps('is_superuser', { type: 'checkbox' })} />
            <Checkbox label={t('Is active?')} {...form.getInputProps('is_active', { type: 'checkbox' })} />
            <Checkbox label={t('Is test user?')} {...form.getInputProps('is_test_user', { type: 'checkbox' })} />
          </Group>
          <FormActions pending={mutation.isPending} saveDisabled={editing && !form.isDirty()} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}
