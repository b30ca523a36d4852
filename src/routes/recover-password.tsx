import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { recoverPassword } from '../api/auth';
import { AuthShell } from '../components/AuthShell';
import { recoverSchema } from '../forms/schemas';
import { notifyError, notifySuccess } from '../lib/notify';

export default function RecoverPasswordPage() {
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: schemaResolver(recoverSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const mutation = useMutation({
    mutationFn: (email: string) => recoverPassword(email.trim()),
    onSuccess: () => {
      notifySuccess('Email sent.', 'We sent an email with a link to get back into your account.');
      form.reset();
    },
    onError: notifyError,
  });

  return (
    <AuthShell title="Password Recovery">
      <Text c="dimmed" ta="center">
        Enter the e-mail address of your account and we will send you a link to set a new password.
      </Text>
      <form onSubmit={form.onSubmit((v) => mutation.mutate(v.email))} noValidate>
        <Stack gap="md">
          <TextInput label="Email" type="email" autoComplete="email" placeholder="you@example.com" required {...form.getInputProps('email')} />
          <Button type="submit" fullWidth loading={mutation.isPending}>
            Continue
          </Button>
          <Text ta="center" size="sm">
            <Anchor component={Link} to="/login">
              Back to log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthShell>
  );
}
