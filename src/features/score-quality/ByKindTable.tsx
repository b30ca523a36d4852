import { Stack, Table, Text, Title } from '@mantine/core';
import type { LesionKindQuality } from '../../../core/contract/score-quality';
import { msg, useLanguage, useT } from '../../i18n';
import { countText, formatFigure, NOT_MEASURED } from './report';

/**
 * The labelled sets' codes for a kind of finding (MIAS), in plain words: the long name for the
 * table, the short one for a sentence. A code not listed here is shown as it is.
 */
const KIND_NAMES: Record<string, { long: string; short: string }> = {
  CIRC: { long: msg('Round lumps with a clear edge'), short: msg('round lumps') },
  SPIC: { long: msg('Lumps with spiky edges'), short: msg('spiky lumps') },
  MISC: { long: msg('Other lumps'), short: msg('other lumps') },
  CALC: { long: msg('Groups of small bright specks (calcifications)'), short: msg('calcifications') },
  ARCH: { long: msg('Pulled or distorted tissue (architectural distortion)'), short: msg('distorted tissue') },
  ASYM: { long: msg('One area denser than in the other breast (asymmetry)'), short: msg('asymmetry') },
};

/**
 * At or below this cross-validated AUC a kind is named in "what it cannot do": 0.5 is guessing,
 * and with about ten films of a kind an AUC of 0.55 is no different from it.
 */
export const GUESSING_AUC = 0.55;

/** The kinds of finding the engine told apart no better than guessing, by their codes. */
export function kindsAtChance(byKind: readonly LesionKindQuality[]): string[] {
  return byKind.filter((k) => k.aucCv.value !== null && k.aucCv.value <= GUESSING_AUC).map((k) => k.kind);
}

/** "On films with distorted tissue and asymmetry, ...": the kinds at chance in one sentence, or null when there are none. */
export function useAtChanceSentence(byKind: readonly LesionKindQuality[]): string | null {
  const t = useT();
  const lang = useLanguage();
  const kinds = kindsAtChance(byKind);
  if (kinds.length === 0) return null;
  const names = kinds.map((k) => (KIND_NAMES[k] ? t(KIND_NAMES[k].short) : k));
  const list = new Intl.ListFormat(lang === 'sv' ? 'sv-SE' : 'en', { type: 'conjunction' }).format(names);
  return t('On films with {{kinds}}, it did about as well as guessing, or worse.', { kinds: list });
}

/** Lumps first, then specks, distortion and asymmetry (KIND_NAMES's order); codes not listed last, as the report has them. */
function inReadingOrder(byKind: readonly LesionKindQuality[]): LesionKindQuality[] {
  const order = Object.keys(KIND_NAMES);
  const rank = (k: LesionKindQuality) => (order.includes(k.kind) ? order.indexOf(k.kind) : order.length);
  return [...byKind].sort((a, b) => rank(a) - rank(b));
}

/** The cross-validated Cancer Signs figures by kind of finding (the report's detection.byKind). */
export function ByKindTable({ byKind }: { byKind: readonly LesionKindQuality[] }) {
  const t = useT();
  if (byKind.length === 0) return null;
  const cell = (f: LesionKindQuality['aucCv']) => (
    <Stack gap={0}>
      <Text size="sm" fw={600} c={f.value === null ? 'dimmed' : undefined} data-testid="kind-value">
        {f.value === null ? t(NOT_MEASURED) : formatFigure(f.value, 'share')}
      </Text>
      {countText(f) && (
        <Text size="xs" c="dimmed">
          {countText(f)}
        </Text>
      )}
    </Stack>
  );
  return (
    <Stack gap="xs" data-testid="cancer-signs-by-kind">
      <Title order={4} size="h5" id="cancer-signs-by-kind-title">
        {t('By kind of finding (fair test)')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('The same two figures for each kind of finding the experts marked. Some kinds are much harder for the computer than others.')}
      </Text>
      <Table striped withTableBorder fz="sm" aria-labelledby="cancer-signs-by-kind-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="40%">{t('Kind of finding')}</Table.Th>
            <Table.Th>{t('Telling films with a finding from films without')}</Table.Th>
            <Table.Th>{t('Findings found, with 1 false mark per image')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {inReadingOrder(byKind).map((k) => (
            <Table.Tr key={k.kind} data-testid={`kind-${k.kind}`}>
              <Table.Td>{KIND_NAMES[k.kind] ? t(KIND_NAMES[k.kind].long) : k.kind}</Table.Td>
              <Table.Td>{cell(k.aucCv)}</Table.Td>
              <Table.Td>{cell(k.sensitivityAt1Cv)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
