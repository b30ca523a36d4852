import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export type TermsDoc = 'privacy' | 'terms';

const TITLES: Record<TermsDoc, string> = { privacy: 'Privacy Policy', terms: 'Terms of Service' };

/** Placeholder documents (decisions.md: a modal with placeholder text that says so plainly). */
export function TermsModal({ doc, onClose }: { doc: TermsDoc | null; onClose: () => void }) {
  return (
    <Modal opened={doc !== null} onClose={onClose} title={doc ? TITLES[doc] : ''} size="lg">
      <Stack gap="sm">
        <Text>This is placeholder text. The full {doc ? TITLES[doc] : ''} has not been written yet.</Text>
        {doc === 'privacy' ? (
          <Text c="dimmed">
            In short: your images and scores are stored to show you your results. They are not shared. You can delete your account and its data in
            your settings.
          </Text>
        ) : (
          <Text c="dimmed">
            In short: the scores are estimates from a reference engine. It is not a medical device and it does not diagnose cancer. Talk about
            your results with your doctor.
          </Text>
        )}
        <Group justify="flex-end" mt="md">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
