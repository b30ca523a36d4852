import { Button, Group, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { updatePassword } from '../../api/users';
import { translatedErrors } from '../../forms/errors';
import { changePasswordSchema } from '../../forms/schemas';
import { useT } from '../../i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { setToken } from '../../session/token';

/** `email`: the account's address, which the server refuses as a password; the form says so first. */
export function PasswordTab({ email }: { email: string }) {
  const t = useT();
  const form = useForm({
    mode: 'controlled',
    initialValues: { current_password: '', new_password: '', confirm_password: '' },
    validate: schemaResolver(changePasswordSchema(email), { sync: true }),
    validateInputOnBlur: true,
    enhanceGetInputProps: translatedErrors,
  });
  const mutation = useMutation({
    mutationFn: (v: typeof form.values) => updatePassword({ current_password: v.current_password, new_password: v.new_password }),
    // The new password ended every session, this one included; it goes on with the token of the answer.
    onSuccess: ({ access_token }) => {
      setToken(access_token);
      notifySuccess(t('Password updated successfully.'));
      form.reset();
    },
    onError: notifyError,
  });
  return (
    <Paper withBorder radius="lg" p="xl" maw={520}>
      <Title order={2} size="h3" mb="lg">
        {t('Change Password')}
      </Title>
      <form onSubmit={form.onSubmit((v) => mutation.mutate(v))} noValidate>
        <Stack gap="md">
          <PasswordInput label={t('Current Password')} autoComplete="current-password" required {...form.getInputProps('current_password')} />
          <PasswordInput label={t('Set Password')} autoComplete="new-password" required {...form.getInputProps('new_password')} />
          <PasswordInput label={t('Confirm Password')} autoComplete="new-password" required {...form.getInputProps('confirm_password')} />
          <Group>
            <Button type="submit" loading={mutation.isPending}>
              {t('Save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
