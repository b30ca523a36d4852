import { Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { UserPublic } from '../../../core/contract';
import { queryKeys } from '../../api/queries';
import { updateMe } from '../../api/users';
import { translatedErrors } from '../../forms/errors';
import { profileSchema } from '../../forms/schemas';
import { useT } from '../../i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { HealthQuestionsForm } from '../../features/questions/HealthQuestionsForm';

export function ProfileTab({ user }: { user: UserPublic }) {
  const t = useT();
  const queryClient = useQueryClient();
  const initial = { full_name: user.full_name ?? '', email: user.email, birthdate: user.birthdate ?? '', current_password: '' };
  const form = useForm({ mode: 'controlled', initialValues: initial, validate: schemaResolver(profileSchema, { sync: true }), validateInputOnBlur: true, enhanceGetInputProps: translatedErrors });
  const emailChanges = form.values.email.trim().toLowerCase() !== user.email;

  // The first render may come from the saved (offline) copy of the user; when the server's answer
  // differs, it replaces the form's values unless the person has started editing.
  useEffect(() => {
    if (form.isDirty()) return;
    const next = { full_name: user.full_name ?? '', email: user.email, birthdate: user.birthdate ?? '', current_password: '' };
    form.setInitialValues(next);
    form.setValues(next);
    form.resetDirty(next);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user.full_name, user.email, user.birthdate]);

  const mutation = useMutation({
    mutationFn: (values: typeof initial) =>
      updateMe({
        full_name: values.full_name.trim(),
        email: values.email.trim(),
        birthdate: values.birthdate,
        current_password: emailChanges ? values.current_password : undefined,
      }),
    onSuccess: (updated, values) => {
      queryClient.setQueryData(queryKeys.currentUser, updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.users });
      // A new address waits for its owner to open the link mailed there; until then the old one stays.
      const next = { full_name: updated.full_name ?? '', email: updated.email, birthdate: updated.birthdate ?? '', current_password: '' };
      form.setInitialValues(next);
      form.setValues(next);
      form.resetDirty(next);
      const requested = values.email.trim().toLowerCase();
      if (requested !== updated.email) notifySuccess(t('Check your new e-mail address.'), t('We sent a link to {{email}}. Your e-mail address changes when you open it.', { email: requested }));
      else notifySuccess(t('User updated successfully.'));
    },
    onError: notifyError,
  });

  return (
    <Stack gap="xl" maw={720}>
      <Paper withBorder radius="lg" p="xl">
        <Title order={2} size="h3" mb="lg">
          {t('User Information')}
        </Title>
        <form onSubmit={form.onSubmit((v) => mutation.mutate(v))} noValidate>
          <Stack gap="md">
            <TextInput label={t('Full name')} autoComplete="name" {...form.getInputProps('full_name')} />
            <SimpleGrid cols={2} spacing="md">
              <TextInput label={t('Email')} type="email" autoComplete="email" {...form.getInputProps('email')} />
              <TextInput label={t('Birthdate')} type="date" autoComplete="bday" {...form.getInputProps('birthdate')} />
            </SimpleGrid>
            {emailChanges && (
              <PasswordInput
                label={t('Current password')}
                description={t('Needed to change your e-mail address.')}
                autoComplete="current-password"
                required
                {...form.getInputProps('current_password')}
              />
            )}
            <Group gap="sm" mt="xs">
              <Button type="submit" loading={mutation.isPending} disabled={!form.isDirty() || !form.values.email.trim() || (emailChanges && !form.values.current_password)}>
                {t('Save')}
              </Button>
              <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty() || mutation.isPending}>
                {t('Cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Paper withBorder radius="lg" p="xl" id="health-questions">
        <Title order={2} size="h3" mb={4}>
          {t('Risk factors')}
        </Title>
        <Text c="dimmed" mb="lg">
          {t("These answers are optional. They help estimate your inherent risk. Leave a question as “Don't know” if you are not sure. When you change them, the inherent risk and combined score of your newest result are worked out again.")}
        </Text>
        <HealthQuestionsForm user={user} submitLabel={t('Save risk factors')} />
      </Paper>
    </Stack>
  );
}
