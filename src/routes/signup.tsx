import { useState } from 'react';
import { Anchor, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { DEFAULT_BLOCKED_SIGNUP_DOMAINS } from '../../core/decisions';
import { configQuery, queryKeys } from '../api/queries';
import { signup } from '../api/users';
import { AuthShell } from '../components/AuthShell';
import { signupSchema } from '../forms/schemas';
import { errorMessage, notifyFailure } from '../lib/notify';
import { useT } from '../i18n';
import { LegalLinks } from '../features/legal/LegalPage';
import { translatedErrors } from '../forms/errors';

type Values = { full_name: string; birthdate: string; email: string; password: string; confirm_password: string };

export default function SignupPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const config = useQuery(configQuery());
  const blocked = config.data?.blocked_signup_domains ?? DEFAULT_BLOCKED_SIGNUP_DOMAINS;
  // The birthdate shows its placeholder as text and becomes a date picker on focus.
  const [dateInput, setDateInput] = useState(false);

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { full_name: '', birthdate: '', email: '', password: '', confirm_password: '' },
    validate: (values) => schemaResolver(signupSchema(blocked), { sync: true })(values),
    validateInputOnBlur: true,
    enhanceGetInputProps: translatedErrors,
  });

  const mutation = useMutation({
    mutationFn: (values: Values) => signup({ ...values, email: values.email.trim(), full_name: values.full_name.trim() }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.users });
      void navigate({ to: '/check-your-email', state: { fromSignup: true } });
    },
    onError: (error) => notifyFailure(t('Something went wrong.'), errorMessage(error)),
  });

  const birthdate = form.getInputProps('birthdate');
  return (
    <AuthShell title={t('Create your account')}>
      <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={2} spacing="md">
            <TextInput label={t('Full name')} autoComplete="name" required {...form.getInputProps('full_name')} />
            <TextInput
              label={t('Birthdate')}
              placeholder={t('YYYY-MM-DD')}
              autoComplete="bday"
              required
              {...birthdate}
              type={dateInput || form.values.birthdate ? 'date' : 'text'}
              onFocus={(e) => {
                setDateInput(true);
                birthdate.onFocus?.(e);
              }}
              onBlur={(e) => {
                setDateInput(false);
                birthdate.onBlur?.(e);
              }}
            />
          </SimpleGrid>
          <TextInput label={t('Email')} type="email" autoComplete="email" placeholder={t('you@example.com')} required {...form.getInputProps('email')} />
          <PasswordInput label={t('Password')} autoComplete="new-password" required {...form.getInputProps('password')} />
          <PasswordInput label={t('Confirm password')} autoComplete="new-password" required {...form.getInputProps('confirm_password')} />
          <Button type="submit" fullWidth loading={mutation.isPending} mt="xs">
            {t('Sign Up')}
          </Button>
          <Text ta="center">
            <Anchor component={Link} to="/login">
              {t('Already have an account?')}
            </Anchor>
          </Text>
          <LegalLinks />
        </Stack>
      </form>
    </AuthShell>
  );
}
