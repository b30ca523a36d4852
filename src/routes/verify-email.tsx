import { useEffect, useRef } from 'react';
import { Anchor, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import { TIMING } from '../../core/decisions';
import { verifyEmail } from '../api/auth';
import { AuthShell } from '../components/AuthShell';
import { StatusMessage } from '../components/StatusMessage';
import { errorMessage, notifyFailure, notifySuccess } from '../lib/notify';
import { msg, useT } from '../i18n';

const route = getRouteApi('/verify-email');

export default function VerifyEmailPage() {
  const t = useT();
  const { token } = route.useSearch();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => notifySuccess(t('Email verified.'), t('You can now log in to your account.')),
    onError: (error) => notifyFailure(t('Something went wrong.'), errorMessage(error)),
  });

  // The call is made at once, and once only (a verification token works a single time).
  const started = useRef(false);
  useEffect(() => {
    if (token && !started.current) {
      started.current = true;
      mutation.mutate(token);
    }
  }, [token, mutation]);

  useEffect(() => {
    if (!mutation.isSuccess) return;
    const timer = setTimeout(() => void navigate({ to: '/login' }), TIMING.verifyRedirectMs);
    return () => clearTimeout(timer);
  }, [mutation.isSuccess, navigate]);

  let body;
  if (!token) {
    body = <StatusMessage kind="error">{t('The verification link is invalid or missing. If you believe this is a mistake, please contact us for help.')}</StatusMessage>;
  } else if (mutation.isSuccess) {
    body = <StatusMessage kind="success">{t('Your email has been verified successfully! You are being redirected to the login page.')}</StatusMessage>;
  } else if (mutation.isError) {
    body = <StatusMessage kind="error">{errorMessage(mutation.error, msg('Verification failed. Please try again.'))}</StatusMessage>;
  } else {
    body = <StatusMessage kind="loading">{t('Verifying your email…')}</StatusMessage>;
  }

  return (
    <AuthShell title={t('Email verification')}>
      {body}
      {(!token || mutation.isError) && (
        <Text ta="center">
          <Anchor component={Link} to="/login">
            {t('Go to log in')}
          </Anchor>
        </Text>
      )}
    </AuthShell>
  );
}
