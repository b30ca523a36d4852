import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { ADVICE_IN_100, ADVICE_TITLE, adviceText } from '../../../core/wording/scores';
import { useT } from '../../i18n';
import { IconArray } from './IconArray';
import { asTranslate } from './translate';

/**
 * The supplemental-screening advice (spec section 9), shown only above the 0.9 quantile: plain
 * words and "6 in 100" as a picture of 100 women (ui.md).
 */
export function AdviceCard() {
  const t = useT();
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="advice" className="advice-card" role="note" aria-labelledby="advice-title">
      <Group align="flex-start" wrap="nowrap" gap="xl">
        <Stack gap="sm" style={{ flex: 1 }}>
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" color="orange" radius="xl" size="lg" aria-hidden>
              <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round">
                <circle cx="12" cy="12" r="9" />
                <path d="M12 8v5M12 16.5v.5" />
              </svg>
            </ThemeIcon>
            <Title order={2} size="h3" id="advice-title">
              {t(ADVICE_TITLE)}
            </Title>
          </Group>
          {adviceText(asTranslate(t)).map((line) => (
            <Text key={line} size="md">
              {line}
            </Text>
          ))}
        </Stack>
        <Stack gap={6} w={300} style={{ flexShrink: 0 }} className="no-print-shrink">
          <IconArray count={ADVICE_IN_100} label={t('{{n}} in 100 women in the top group had a cancer found by MRI', { n: ADVICE_IN_100 })} />
          <Text c="dimmed">
            {t('{{n}} in 100 women in the top group had a cancer found by the extra MRI scan.', { n: ADVICE_IN_100 })}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
