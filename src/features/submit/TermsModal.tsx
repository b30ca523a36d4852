import { Anchor, Button, Group, Modal, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { LegalBody } from '../legal/LegalDocument';
import { LEGAL_PATHS, LEGAL_TITLES, type LegalDoc } from '../legal/texts';
import { useT } from '../../i18n';

export type TermsDoc = LegalDoc;

/** The Privacy Policy or the Terms of Service over the page (decisions.md: real texts, in a modal); also at /privacy and /terms. */
export function TermsModal({ doc, onClose }: { doc: TermsDoc | null; onClose: () => void }) {
  const t = useT();
  return (
    <Modal opened={doc !== null} onClose={onClose} title={doc ? t(LEGAL_TITLES[doc]) : ''} size="xl">
      {doc && (
        <Stack gap="md">
          <LegalBody doc={doc} level={3} />
          <Group justify="space-between" mt="md">
            <Anchor component={Link} to={LEGAL_PATHS[doc]} target="_blank">
              {t('Open as a page')}
            </Anchor>
            <Button onClick={onClose}>{t('Close')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
