import { useState } from 'react';
import { Group, Stack, Tabs, Text } from '@mantine/core';
import type { ScoredResult } from '../../../core/contract';
import { describeScore } from '../../../core/wording/scores';
import { EngineNote } from './EngineNote';
import { ImagesTab } from './ImagesTab';
import type { ImageQueryFor } from './images';
import { LabelBadge } from './LabelBadge';
import { PrintReport } from './PrintReport';
import { ScoreTab } from './ScoreTab';
import { SCORE_TABS, type ScoreTabKey } from './tabs';
import './results.css';

export type ResultsTabKey = ScoreTabKey | 'images';

/**
 * The five tabs of /results (spec section 2): each score tab carries its group in the tab itself,
 * so the whole result can be read from the tab row before opening any of them.
 */
export function ResultsView({
  result,
  queryFor,
  report,
  studyUid,
}: {
  result: ScoredResult;
  queryFor: ImageQueryFor;
  report: { name: string; patientId?: string | null; studyDate?: string | null };
  /** The study's DICOM UID: the Images tab then opens it in the image viewer (a person's own study). */
  studyUid?: string | null;
}) {
  const [tab, setTab] = useState<ResultsTabKey>('smart-density');
  return (
    <>
      <Stack gap="lg" className="screen-only">
        <Tabs value={tab} onChange={(v) => v && setTab(v as ResultsTabKey)} keepMounted={false} variant="outline" radius="md">
          <Tabs.List>
            {SCORE_TABS.map((t) => {
              const w = describeScore(result.study[t.score]);
              return (
                <Tabs.Tab key={t.key} value={t.key} px="lg" py="sm">
                  <Stack gap={4} align="flex-start">
                    <Text fw={600} size="md">
                      {t.title}
                    </Text>
                    {w.available ? (
                      <Group gap={6} wrap="nowrap">
                        <LabelBadge label={w.label} size="sm" aria-hidden />
                        <Text size="xs" c="dimmed" data-testid="tab-short">
                          {w.short}
                        </Text>
                      </Group>
                    ) : (
                      <Text size="xs" c="dimmed">
                        N/A
                      </Text>
                    )}
                  </Stack>
                </Tabs.Tab>
              );
            })}
            <Tabs.Tab value="images" px="lg" py="sm">
              <Text fw={600} size="md">
                Images
              </Text>
            </Tabs.Tab>
          </Tabs.List>
          {SCORE_TABS.map((t) => (
            <Tabs.Panel key={t.key} value={t.key}>
              <ScoreTab result={result} tab={t} onOpenTab={setTab} />
            </Tabs.Panel>
          ))}
          <Tabs.Panel value="images">
            <ImagesTab result={result} queryFor={queryFor} studyUid={studyUid} />
          </Tabs.Panel>
        </Tabs>
        <EngineNote result={result} />
      </Stack>
      <PrintReport result={result} queryFor={queryFor} {...report} />
    </>
  );
}
