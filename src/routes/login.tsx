import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { loginAccessToken } from '../api/auth';
import { ApiError } from '../api/client';
import { queryKeys } from '../api/queries';
import { fetchCurrentUser } from '../api/queries';
import { AuthShell } from '../components/AuthShell';
import { loginSchema } from '../forms/schemas';
import { errorMessage } from '../lib/notify';
import { useT } from '../i18n';
import { setToken } from '../session/token';
import { translatedErrors } from '../forms/errors';

export default function LoginPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '', password: '' },
    validate: schemaResolver(loginSchema, { sync: true }),
    validateInputOnBlur: true,
    enhanceGetInputProps: translatedErrors,
  });

  const login = useMutation({
    mutationFn: async (values: { username: string; password: string }) => {
      const { access_token } = await loginAccessToken(values.username.trim(), values.password);
      setToken(access_token);
      // Success refetches the current user, which decides where to go.
      return queryClient.fetchQuery({ queryKey: queryKeys.currentUser, queryFn: fetchCurrentUser, staleTime: 0 });
    },
    onSuccess: (user) => navigate({ to: user.is_superuser ? '/admin' : '/' }),
    onError: (error) => {
      const message = error instanceof ApiError && error.detailIsList ? t('Something went wrong.') : errorMessage(error);
      form.setErrors({ username: true, password: message });
    },
  });

  return (
    <AuthShell title={t('Log in')}>
      <form onSubmit={form.onSubmit((values) => login.mutate(values))} noValidate>
        <Stack gap="md">
          <TextInput label={t('Email')} type="email" autoComplete="username" placeholder={t('you@example.com')} required {...form.getInputProps('username')} />
          <PasswordInput label={t('Password')} autoComplete="current-password" required {...form.getInputProps('password')} />
          <Group justify="flex-end">
            <Anchor component={Link} to="/recover-password">
              {t('Forgot password?')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={login.isPending}>
            {t('Log In')}
          </Button>
          <Text ta="center" c="dimmed">
            {t("Don't have an account?")}{' '}
            <Anchor component={Link} to="/signup">
              {t('Sign up')}
            </Anchor>
          </Text>
          <Text ta="center" c="dimmed">
            {t('Or')}{' '}
            <Anchor component={Link} to="/start-demo">
              {t('try the demo')}
            </Anchor>{' '}
            {t('without an account.')}
          </Text>
        </Stack>
      </form>
    </AuthShell>
  );
}
