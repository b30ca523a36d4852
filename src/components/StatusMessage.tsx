import type { ReactNode } from 'react';
import { Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { useT } from '../i18n';

type Kind = 'loading' | 'success' | 'error';

/** One state of a page that only reports (verifying, reset done, invalid link). */
export function StatusMessage({ kind, children }: { kind: Kind; children?: ReactNode }) {
  const t = useT();
  return (
    <Stack gap="md" align="center" ta="center" role={kind === 'error' ? 'alert' : 'status'} data-testid={`status-${kind}`}>
      <Center h={56}>
        {kind === 'loading' ? (
          <Loader aria-label={t('Loading')} />
        ) : (
          <ThemeIcon size={56} radius="xl" variant="light" color={kind === 'success' ? 'teal' : 'orange'}>
            <svg width={30} height={30} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.6} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
              {kind === 'success' ? <path d="M5 12.5l4.5 4.5L19 7.5" /> : <path d="M12 4.5v10M12 19v.5" />}
            </svg>
          </ThemeIcon>
        )}
      </Center>
      {children && <Text size="lg">{children}</Text>}
    </Stack>
  );
}
