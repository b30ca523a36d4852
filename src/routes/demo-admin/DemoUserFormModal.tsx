import { Code, FileInput, Modal, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DemoName, VIEW_KEYS, parseDemoData, type DemoUserPublic, type ViewKey } from '../../../core/contract';
import { VIEW_LABELS } from '../../../core/dicom/classify';
import { MESSAGES } from '../../../core/validation';
import { ApiError } from '../../api/client';
import { createDemoUser, demoKeys, updateDemoUser } from '../../api/demo';
import { translatedErrors } from '../../forms/errors';
import { useT } from '../../i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { FormActions } from '../../components/FormActions';

type Values = { name: string; data: string } & Record<ViewKey, File | null>;

const TEMPLATE = JSON.stringify({ age: 50, description: '', screening_location: 'karolinska' }, null, 2);

/** The data text as people read it: indented, when it is JSON. */
function pretty(data: string): string {
  try {
    return JSON.stringify(JSON.parse(data), null, 2);
  } catch {
    return data;
  }
}

/** Stored as one line of JSON, whatever the indentation typed. */
function compact(data: string): string {
  try {
    return JSON.stringify(JSON.parse(data));
  } catch {
    return data;
  }
}

/** The same rules the server applies (core/contract/demo.ts), one message per field. */
function validate(values: Values, editing: boolean): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (!editing) {
    const name = DemoName.safeParse(values.name);
    if (!name.success) errors.name = name.error.issues[0].message;
  }
  const data = parseDemoData(values.data);
  if (!data.ok) errors.data = data.issues.map((i) => i.message).join(' · ');
  if (!editing) {
    const given = VIEW_KEYS.filter((k) => values[k]);
    if (given.length > 0 && given.length < VIEW_KEYS.length) for (const k of VIEW_KEYS) if (!values[k]) errors[k] = MESSAGES.allFourFiles;
  }
  return errors;
}

/** Server 422s under the field they name (body.name, body.data..., body.r_cc...). */
function serverFieldErrors(error: unknown): Partial<Record<keyof Values, string>> {
  if (!(error instanceof ApiError) || !error.detailIsList) return {};
  const out: Partial<Record<keyof Values, string>> = {};
  for (const issue of (error.body as { detail: Array<{ loc: Array<string | number>; msg: string }> }).detail) {
    const field = issue.loc[1];
    if (field === 'name' || field === 'data' || (VIEW_KEYS as readonly unknown[]).includes(field)) {
      const key = field as keyof Values;
      out[key] = out[key] ? `${out[key]} · ${issue.msg}` : issue.msg;
    }
  }
  return out;
}

/** Add demo user (no user given) or Edit demo user: only the data changes, the name is read-only. */
export function DemoUserFormModal({ opened, onClose, user }: { opened: boolean; onClose: () => void; user?: DemoUserPublic }) {
  const t = useT();
  const queryClient = useQueryClient();
  const editing = !!user;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: user?.name ?? '', data: user ? pretty(user.data) : TEMPLATE, r_cc: null, l_cc: null, r_mlo: null, l_mlo: null },
    validate: (values) => validate(values, editing),
    validateInputOnBlur: true,
    enhanceGetInputProps: translatedErrors,
  });

  const close = () => {
    form.reset();
    mutation.reset();
    onClose();
  };

  const mutation = useMutation({
    mutationFn: (v: Values) => {
      const data = compact(v.data);
      if (user) return updateDemoUser(user.id, { data });
      const files: Partial<Record<ViewKey, File>> = {};
      for (const k of VIEW_KEYS) if (v[k]) files[k] = v[k]!;
      return createDemoUser({ name: v.name.trim(), data, files });
    },
    onSuccess: () => {
      notifySuccess(editing ? t('Demo user updated successfully.') : t('Demo user created successfully.'));
      void queryClient.invalidateQueries({ queryKey: demoKeys.users });
      void queryClient.invalidateQueries({ queryKey: demoKeys.tasks });
      void queryClient.invalidateQueries({ queryKey: demoKeys.images });
      close();
    },
    onError: (error) => {
      form.setErrors(serverFieldErrors(error));
      notifyError(error);
    },
  });

  return (
    <Modal opened={opened} onClose={close} title={editing ? t('Edit demo user') : t('Add demo user')} size="lg">
      <form onSubmit={form.onSubmit((v) => mutation.mutate(v))} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('Name')}
            required={!editing}
            readOnly={editing}
            variant={editing ? 'filled' : 'default'}
            description={editing ? t('The name cannot be changed.') : t('A made-up name; never a real person.')}
            data-autofocus={editing ? undefined : true}
            {...form.getInputProps('name')}
          />
          <Textarea
            label={t('Data')}
            required
            autosize
            minRows={6}
            maxRows={14}
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-sm)' } }}
            description={
              <>
                {t('JSON with')} <Code>age</Code> {t('(a whole number),')} <Code>description</Code> {t('and')} <Code>screening_location</Code>{' '}
                {t('(karolinska, skanes or akademiska).')}
              </>
            }
            data-autofocus={editing ? true : undefined}
            {...form.getInputProps('data')}
          />
          {!editing && (
            <Stack gap={6}>
              <div>
                <Text fw={500} size="sm">
                  {t('Mammograms (optional)')}
                </Text>
                <Text size="sm" c="dimmed">
                  {t("All four views as DICOM files, or none. With images, the profile's study is scored like a real submission.")}
                </Text>
              </div>
              <SimpleGrid cols={2} spacing="sm">
                {VIEW_KEYS.map((k) => (
                  <FileInput key={k} label={`${VIEW_LABELS[k]} (.dcm)`} accept=".dcm,application/dicom" clearable {...form.getInputProps(k)} />
                ))}
              </SimpleGrid>
            </Stack>
          )}
          <FormActions pending={mutation.isPending} saveDisabled={editing && !form.isDirty()} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}
