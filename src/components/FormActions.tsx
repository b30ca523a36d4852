import { Button, Group } from '@mantine/core';
import { useT } from '../i18n';

/** A dialog form's Cancel and Save: Save submits the form and is busy while the request runs. */
export function FormActions({ pending, saveDisabled = false, onCancel }: { pending: boolean; saveDisabled?: boolean; onCancel(): void }) {
  const t = useT();
  return (
    <Group justify="flex-end" mt="md">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {t('Cancel')}
      </Button>
      <Button type="submit" loading={pending} disabled={saveDisabled}>
        {t('Save')}
      </Button>
    </Group>
  );
}
