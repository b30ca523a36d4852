import { useEffect } from 'react';
import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import { TIMING } from '../../core/decisions';
import { resetPassword } from '../api/auth';
import { ApiError } from '../api/client';
import { AuthShell } from '../components/AuthShell';
import { StatusMessage } from '../components/StatusMessage';
import { resetSchema } from '../forms/schemas';
import { notifyError } from '../lib/notify';
import { msg, useT } from '../i18n';
import { translatedErrors } from '../forms/errors';

const route = getRouteApi('/reset-password');

const INVALID = msg('This password reset link is not valid. If you believe this is a mistake, please contact us for help.');

/** A 400 or 404 means the token itself was refused (used, expired or unknown), not the password. */
const tokenRefused = (error: unknown) => error instanceof ApiError && (error.status === 400 || error.status === 404);

export default function ResetPasswordPage() {
  const t = useT();
  const { token } = route.useSearch();
  const navigate = useNavigate();
  const form = useForm({
    mode: 'controlled',
    initialValues: { new_password: '', confirm_password: '' },
    validate: schemaResolver(resetSchema, { sync: true }),
    validateInputOnBlur: true,
    enhanceGetInputProps: translatedErrors,
  });
  const mutation = useMutation({
    mutationFn: (new_password: string) => resetPassword({ token, new_password }),
    onError: notifyError,
  });

  useEffect(() => {
    if (!mutation.isSuccess) return;
    const timer = setTimeout(() => void navigate({ to: '/login' }), TIMING.resetRedirectMs);
    return () => clearTimeout(timer);
  }, [mutation.isSuccess, navigate]);

  let body;
  if (!token || (mutation.isError && tokenRefused(mutation.error))) {
    body = (
      <>
        <StatusMessage kind="error">{t(INVALID)}</StatusMessage>
        <Text ta="center">
          <Anchor component={Link} to="/recover-password">
            {t('Ask for a new link')}
          </Anchor>
        </Text>
      </>
    );
  } else if (mutation.isPending) {
    body = <StatusMessage kind="loading">{t('Setting your new password…')}</StatusMessage>;
  } else if (mutation.isSuccess) {
    body = <StatusMessage kind="success">{t('Your password has been reset successfully! You are being redirected to the login page.')}</StatusMessage>;
  } else {
    body = (
      <form onSubmit={form.onSubmit((v) => mutation.mutate(v.new_password))} noValidate>
        <Stack gap="md">
          <PasswordInput label={t('Set Password')} autoComplete="new-password" required {...form.getInputProps('new_password')} />
          <PasswordInput label={t('Confirm Password')} autoComplete="new-password" required {...form.getInputProps('confirm_password')} />
          <Button type="submit" fullWidth>
            {t('Reset Password')}
          </Button>
        </Stack>
      </form>
    );
  }
  return <AuthShell title={t('Reset Password')}>{body}</AuthShell>;
}
