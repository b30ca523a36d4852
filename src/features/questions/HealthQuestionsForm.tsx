import type { ReactNode } from 'react';
import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RACE_LABELS, RiskFactors, type UserPublic } from '../../../core/contract';
import { QUESTION_LABELS } from '../../../core/wording/health-questions';
import { queryKeys } from '../../api/queries';
import { updateMe } from '../../api/users';
import { notifyError, notifySuccess } from '../../lib/notify';
import { msg, useT } from '../../i18n';

const UNKNOWN = 'unknown';
// In English; translated when shown (RACE_LABELS too).
const raceOptions = [{ value: UNKNOWN, label: msg("Don't know / prefer not to say") }, ...Object.entries(RACE_LABELS).map(([value, label]) => ({ value, label }))];
const yesNo = [
  { value: UNKNOWN, label: msg("Don't know") },
  { value: 'yes', label: msg('Yes') },
  { value: 'no', label: msg('No') },
];
const WHOLE_NUMBER = msg('Please enter a whole number in the allowed range');

type Values = {
  race: string;
  age_at_menarche: number | string;
  age_at_first_birth: number | string;
  no_births: boolean;
  first_degree_relatives: number | string;
  biopsies: number | string;
  atypical_hyperplasia: string;
};

const num = (v: number | string) => (v === '' ? null : Number(v));

/** The form's values as the contract's RiskFactors input (empty means unknown). */
function toRiskFactors(v: Values): unknown {
  return {
    race: v.race === UNKNOWN ? null : v.race,
    age_at_menarche: num(v.age_at_menarche),
    age_at_first_birth: v.no_births ? 'none' : num(v.age_at_first_birth),
    first_degree_relatives: num(v.first_degree_relatives),
    biopsies: num(v.biopsies),
    atypical_hyperplasia: v.atypical_hyperplasia === UNKNOWN ? null : v.atypical_hyperplasia,
  };
}

function toValues(r: RiskFactors): Values {
  return {
    race: r.race ?? UNKNOWN,
    age_at_menarche: r.age_at_menarche ?? '',
    age_at_first_birth: typeof r.age_at_first_birth === 'number' ? r.age_at_first_birth : '',
    no_births: r.age_at_first_birth === 'none',
    first_degree_relatives: r.first_degree_relatives ?? '',
    biopsies: r.biopsies ?? '',
    atypical_hyperplasia: r.atypical_hyperplasia ?? UNKNOWN,
  };
}

/** The contract's own limits, put under the field they concern. */
function validate(values: Values): Record<string, string> {
  const parsed = RiskFactors.safeParse(toRiskFactors(values));
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= WHOLE_NUMBER;
  return errors;
}

/**
 * The optional health questions (BCRAT's risk factors), in Settings and in step 4 of /submit. Saving
 * changed answers makes the server work out her newest result's inherent risk and combined score
 * again, so every result on screen is fetched anew.
 */
export function HealthQuestionsForm({
  user,
  submitLabel,
  savedMessage = msg('User updated successfully.'),
  onSaved,
  extra,
}: {
  user: UserPublic;
  submitLabel: string;
  savedMessage?: string;
  onSaved?: () => void;
  /** Buttons beside Save (step 4: Skip). */
  extra?: ReactNode;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const form = useForm<Values>({ mode: 'controlled', initialValues: toValues(user.risk_factors), validate, validateInputOnBlur: true });
  const mutation = useMutation({
    mutationFn: (values: Values) => updateMe({ risk_factors: RiskFactors.parse(toRiskFactors(values)) }),
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.currentUser, updated);
      form.setInitialValues(toValues(updated.risk_factors));
      form.resetDirty();
      void queryClient.invalidateQueries({ queryKey: queryKeys.tasks });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lastTask });
      notifySuccess(t(savedMessage));
      onSaved?.();
    },
    onError: notifyError,
  });
  /** A field's props, its error (kept in English) in the current language. */
  const field = (path: keyof Values, options?: { type: 'checkbox' }) => {
    const props = form.getInputProps(path, options);
    return typeof props.error === 'string' ? { ...props, error: t(props.error) } : props;
  };
  const options = (data: { value: string; label: string }[]) => data.map((o) => ({ value: o.value, label: t(o.label) }));

  return (
    <form onSubmit={form.onSubmit((v) => mutation.mutate(v))} noValidate>
      <Stack gap="md">
        <Select label={t(QUESTION_LABELS.race)} data={options(raceOptions)} allowDeselect={false} {...field('race')} />
        <SimpleGrid cols={2} spacing="md">
          <NumberInput label={t(QUESTION_LABELS.age_at_menarche)} min={6} max={25} allowDecimal={false} {...field('age_at_menarche')} />
          <Stack gap={6}>
            <NumberInput label={t(QUESTION_LABELS.age_at_first_birth)} min={10} max={60} allowDecimal={false} disabled={form.values.no_births} {...field('age_at_first_birth')} />
            <Checkbox label={t('I have not given birth')} {...field('no_births', { type: 'checkbox' })} />
          </Stack>
          <NumberInput
            label={t(QUESTION_LABELS.first_degree_relatives)}
            min={0}
            max={20}
            allowDecimal={false}
            {...field('first_degree_relatives')}
          />
          <NumberInput label={t(QUESTION_LABELS.biopsies)} min={0} max={50} allowDecimal={false} {...field('biopsies')} />
        </SimpleGrid>
        <Select label={t(QUESTION_LABELS.atypical_hyperplasia)} data={options(yesNo)} allowDeselect={false} {...field('atypical_hyperplasia')} />
        <Group>
          <Button type="submit" loading={mutation.isPending} disabled={!form.isDirty()}>
            {t(submitLabel)}
          </Button>
          {extra}
        </Group>
      </Stack>
    </form>
  );
}
