import type { ReactNode } from 'react';
import { Anchor, Button, Group, Modal, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { configQuery } from '../api/queries';
import { useT } from '../i18n';

type DialogProps = { opened: boolean; onClose: () => void };

function InfoDialog({ opened, onClose, title, children }: DialogProps & { title: string; children: ReactNode }) {
  const t = useT();
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="md">
      <Text>{children}</Text>
      <Group justify="flex-end" mt="xl">
        <Button onClick={onClose}>{t('Close')}</Button>
      </Group>
    </Modal>
  );
}

/** The configurable contact / waitlist address (decisions.md), as a mail link. */
function ContactEmail() {
  const { data } = useQuery(configQuery());
  const email = data?.contact_email ?? '…';
  return <Anchor href={`mailto:${email}`}>{email}</Anchor>;
}

export function RequestAccessDialog(props: DialogProps) {
  const t = useT();
  return (
    <InfoDialog {...props} title={t('Request access')}>
      {t('Submissions are currently not open to the public. If you would like to try the service, send us an email to')} <ContactEmail />.
    </InfoDialog>
  );
}

export function LimitReachedDialog(props: DialogProps) {
  const t = useT();
  return (
    <InfoDialog {...props} title={t('Submission limit reached')}>
      {t("You've reached the maximum number of submissions. If you would like to submit more images, please contact us at")} <ContactEmail />.
    </InfoDialog>
  );
}

export function ResultsDialog(props: DialogProps) {
  const t = useT();
  return (
    <InfoDialog {...props} title={t('Results')}>
      {t('Make a submission to view your results.')}
    </InfoDialog>
  );
}
