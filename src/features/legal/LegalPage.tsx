import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useT } from '../../i18n';
import { LegalBody } from './LegalDocument';
import { LEGAL_PATHS, LEGAL_TITLES, type LegalDoc } from './texts';

/** /privacy and /terms: open to anyone, signed in or not (a person reads them before signing up). */
export function LegalPage({ doc }: { doc: LegalDoc }) {
  const other: LegalDoc = doc === 'privacy' ? 'terms' : 'privacy';
  const t = useT();
  return (
    <Stack gap="xl" maw={820}>
      <Title order={1}>{t(LEGAL_TITLES[doc])}</Title>
      <Paper withBorder radius="lg" p="xl">
        <LegalBody doc={doc} />
      </Paper>
      <Group gap="xs">
        <Text>{t('Read also our')}</Text>
        <Anchor component={Link} to={LEGAL_PATHS[other]}>
          {t(LEGAL_TITLES[other])}
        </Anchor>
      </Group>
    </Stack>
  );
}

/** The two links, for the foot of a page. */
export function LegalLinks() {
  const t = useT();
  return (
    <Group gap="lg" justify="center" component="nav" aria-label={t('Privacy and terms')} data-testid="legal-links">
      <Anchor component={Link} to="/privacy" c="dimmed">
        {t('Privacy Policy')}
      </Anchor>
      <Anchor component={Link} to="/terms" c="dimmed">
        {t('Terms of Service')}
      </Anchor>
    </Group>
  );
}
