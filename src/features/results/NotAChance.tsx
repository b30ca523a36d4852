import { Text } from '@mantine/core';
import { msg, useT } from '../../i18n';

export const NOT_A_CHANCE = msg('This is not the chance that you have cancer.');

/**
 * Beside the first big percentage she sees (issue 18, item 3): a worried reader otherwise takes
 * "76%" for a 76 % chance of having cancer.
 */
export function NotAChance() {
  const t = useT();
  return (
    <Text component="span" fw={600} size="md" maw={220} lh={1.3} data-testid="not-a-chance">
      {t(NOT_A_CHANCE)}
    </Text>
  );
}
