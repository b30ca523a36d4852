import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RACE_LABELS, RiskFactors, type UserPublic } from '../../../core/contract';
import { queryKeys } from '../../api/queries';
import { updateMe } from '../../api/users';
import { notifyError, notifySuccess } from '../../lib/notify';

const UNKNOWN = 'unknown';
const raceOptions = [{ value: UNKNOWN, label: "Don't know / prefer not to say" }, ...Object.entries(RACE_LABELS).map(([value, label]) => ({ value, label }))];
const yesNo = [
  { value: UNKNOWN, label: "Don't know" },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

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
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= 'Please enter a whole number in the allowed range';
  return errors;
}

export function RiskFactorsForm({ user }: { user: UserPublic }) {
  const queryClient = useQueryClient();
  const form = useForm<Values>({ mode: 'controlled', initialValues: toValues(user.risk_factors), validate, validateInputOnBlur: true });
  const mutation = useMutation({
    mutationFn: (values: Values) => updateMe({ risk_factors: RiskFactors.parse(toRiskFactors(values)) }),
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.currentUser, updated);
      form.setInitialValues(toValues(updated.risk_factors));
      form.resetDirty();
      notifySuccess('User updated successfully.');
    },
    onError: notifyError,
  });

  return (
    <form onSubmit={form.onSubmit((v) => mutation.mutate(v))} noValidate>
      <Stack gap="md">
        <Select label="Race or ethnicity" data={raceOptions} allowDeselect={false} {...form.getInputProps('race')} />
        <SimpleGrid cols={2} spacing="md">
          <NumberInput label="Age at your first period" min={6} max={25} allowDecimal={false} {...form.getInputProps('age_at_menarche')} />
          <Stack gap={6}>
            <NumberInput label="Age at your first child's birth" min={10} max={60} allowDecimal={false} disabled={form.values.no_births} {...form.getInputProps('age_at_first_birth')} />
            <Checkbox label="I have not given birth" {...form.getInputProps('no_births', { type: 'checkbox' })} />
          </Stack>
          <NumberInput
            label="Mother, sisters or daughters who had breast cancer"
            min={0}
            max={20}
            allowDecimal={false}
            {...form.getInputProps('first_degree_relatives')}
          />
          <NumberInput label="Breast biopsies you have had" min={0} max={50} allowDecimal={false} {...form.getInputProps('biopsies')} />
        </SimpleGrid>
        <Select label="Did a biopsy show atypical hyperplasia?" data={yesNo} allowDeselect={false} {...form.getInputProps('atypical_hyperplasia')} />
        <Group>
          <Button type="submit" loading={mutation.isPending} disabled={!form.isDirty()}>
            Save risk factors
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
