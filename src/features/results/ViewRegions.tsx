import { List, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Region, ScoredResult, ViewKey } from '../../../core/contract';
import { reasonText } from '../../../core/wording/scores';
import { msg, useT } from '../../i18n';
import { VIEW_LABEL } from './labels';
import { asTranslate } from './translate';

/** Each kind of region in plain words, with the word a doctor uses (English keys: show with t(text)). */
export const REGION_WORDS: Record<Region['kind'], string> = {
  mass: msg('A lump-like area (mass)'),
  calcification: msg('A group of tiny white spots (calcifications)'),
  asymmetry: msg('Tissue that differs from the other breast (asymmetry)'),
};

export type NumberedRegion = Region & { number: number };

/** A view's regions, most suspicious first, numbered from 1 as they are outlined on the picture. */
export function viewRegions(result: ScoredResult, view: ViewKey): NumberedRegion[] {
  return result.regions
    .filter((r) => r.view === view)
    .sort((a, b) => b.score - a.score)
    .map((r, i) => ({ ...r, number: i + 1 }));
}

/**
 * Beside an enlarged view: the regions the computer marked on it, the same the suspicious-regions
 * colour marks and the view's cancer-signs score came from; or why there are none.
 */
export function ViewRegions({ result, view, regions }: { result: ScoredResult; view: ViewKey; regions: readonly NumberedRegion[] }) {
  const t = useT();
  const label = VIEW_LABEL[view];
  const detection = result[view].detection;
  return (
    <Stack gap="sm" data-testid="view-regions">
      <Text fw={700}>{t('Regions the computer marked')}</Text>
      {detection.score === null ? (
        <Text c="dimmed">
          {detection.reason
            ? t('The computer could not check this view: {{reason}}.', { reason: reasonText(detection.reason, asTranslate(t)) })
            : t('The computer could not check this view.')}
        </Text>
      ) : regions.length === 0 ? (
        <Text c="dimmed">{t('The computer marked no regions on the {{view}} view.', { view: label })}</Text>
      ) : (
        <>
          <Text c="dimmed" data-testid="view-score-source">
            {t(
              "This view's cancer-signs score, {{score}}%, comes from region 1. The suspicious-regions colour marks these same regions. A region's score says how much it stood out to the computer. It is not the chance of cancer.",
              { score: Math.round(detection.score * 100) },
            )}
          </Text>
          <List spacing="sm" listStyleType="none" aria-label={t('Regions on the {{view}} view', { view: label })}>
            {regions.map((r) => (
              <List.Item
                key={r.number}
                icon={
                  <ThemeIcon size={26} radius="xl" variant="light" color="orange" aria-hidden>
                    <Text size="sm" fw={700}>
                      {r.number}
                    </Text>
                  </ThemeIcon>
                }
              >
                <Text>{t(REGION_WORDS[r.kind])}</Text>
                <Text c="dimmed">
                  {t('Score {{score}}%', { score: Math.round(r.score * 100) })}
                </Text>
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}
