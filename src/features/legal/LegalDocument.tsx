import { List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { configQuery } from '../../api/queries';
import { useT } from '../../i18n';
import { legalText, type LegalDoc } from './texts';

/** The operator's contact address (CONTACT_EMAIL); while it loads, words that still say where to look. */
export function useContactAddress(): string {
  const config = useQuery(configQuery());
  const t = useT();
  return config.data?.contact_email ?? t('the address shown in the app');
}

/** The sections of the Privacy Policy or the Terms of Service; `level` is the sections' heading level. */
export function LegalBody({ doc, level = 2 }: { doc: LegalDoc; level?: 2 | 3 }) {
  // useContactAddress subscribes to the language (useT): the texts are built again when it changes.
  const text = legalText(doc, useContactAddress());
  return (
    <Stack gap="lg" data-testid={`legal-${doc}`}>
      <Text size="lg">{text.intro}</Text>
      {text.sections.map((s) => (
        <Stack gap="xs" key={s.heading} component="section">
          <Title order={level} size="h3">
            {s.heading}
          </Title>
          {s.paragraphs?.map((p) => (
            <Text key={p}>{p}</Text>
          ))}
          {s.list && (
            <List spacing={6}>
              {s.list.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          )}
          {s.after?.map((p) => (
            <Text key={p}>{p}</Text>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
