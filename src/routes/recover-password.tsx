import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { recoverPassword } from '../api/auth';
import { AuthShell } from '../components/AuthShell';
import { recoverSchema } from '../forms/schemas';
import { notifyError, notifySuccess } from '../lib/notify';
import { useT } from '../i18n';
import { translatedErrors } from '../forms/errors';

export default function RecoverPasswordPage() {
  const t = useT();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: schemaResolver(recoverSchema, { sync: true }),
    validateInputOnBlur: true,
    enhanceGetInputProps: translatedErrors,
  });
  const mutation = useMutation({
    mutationFn: (email: string) => recoverPassword(email.trim()),
    onSuccess: () => {
      notifySuccess(t('Email sent.'), t('We sent an email with a link to get back into your account.'));
      form.reset();
    },
    onError: notifyError,
  });

  return (
    <AuthShell title={t('Password Recovery')}>
      <Text c="dimmed" ta="center">
        {t('Enter the e-mail address of your account and we will send you a link to set a new password.')}
      </Text>
      <form onSubmit={form.onSubmit((v) => mutation.mutate(v.email))} noValidate>
        <Stack gap="md">
          <TextInput label={t('Email')} type="email" autoComplete="email" placeholder={t('you@example.com')} required {...form.getInputProps('email')} />
          <Button type="submit" fullWidth loading={mutation.isPending}>
            {t('Continue')}
          </Button>
          <Text ta="center">
            <Anchor component={Link} to="/login">
              {t('Back to log in')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthShell>
  );
}
