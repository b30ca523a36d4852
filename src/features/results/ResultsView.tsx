import { useEffect, useRef, useState } from 'react';
import { Group, Stack, Tabs, Text } from '@mantine/core';
import type { ScoredResult } from '../../../core/contract';
import { describeScore, NOT_AVAILABLE } from '../../../core/wording/scores';
import { useT } from '../../i18n';
import { EngineNote } from './EngineNote';
import { ImagesTab } from './ImagesTab';
import type { ImageQueryFor } from './images';
import { LabelBadge } from './LabelBadge';
import { PrintReport } from './PrintReport';
import { ScoreTab } from './ScoreTab';
import { SCORE_TABS, type ScoreTabKey } from './tabs';
import './results.css';
import { asTranslate } from './translate';

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
  answers,
}: {
  result: ScoredResult;
  queryFor: ImageQueryFor;
  report: { name: string; patientId?: string | null; studyDate?: string | null };
  /** The study's DICOM UID: the Images tab then opens it in the image viewer (a person's own study). */
  studyUid?: string | null;
  /** Her own study: the Inherent Risk tab offers to change her answers. */
  answers?: { editable: boolean; newest: boolean; taskId: string };
}) {
  const t = useT();
  const [tab, setTab] = useState<ResultsTabKey>('smart-density');
  const list = useRef<HTMLDivElement>(null);
  // A link inside a tab that opens another tab (a card under "What goes into it", "See your images")
  // goes with its panel: the focus then moves to the newly selected tab, not back to the page's top.
  const [opened, setOpened] = useState<ResultsTabKey | null>(null);
  useEffect(() => {
    if (opened === null) return;
    list.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
    setOpened(null);
  }, [opened]);
  const openFromPanel = (key: ResultsTabKey) => {
    setTab(key);
    setOpened(key);
  };
  return (
    <>
      <Stack gap="lg" className="screen-only">
        <Tabs value={tab} onChange={(v) => v && setTab(v as ResultsTabKey)} keepMounted={false} variant="outline" radius="md">
          <Tabs.List ref={list}>
            {SCORE_TABS.map((s) => {
              const w = describeScore(result.study[s.score], asTranslate(t));
              return (
                <Tabs.Tab key={s.key} value={s.key} px="lg" py="sm">
                  <Stack gap={4} align="flex-start">
                    <Text fw={600} size="md">
                      {t(s.title)}
                    </Text>
                    {w.available ? (
                      <Group gap={6} wrap="nowrap">
                        <LabelBadge label={w.label} size="sm" aria-hidden />
                        <Text c="dimmed" data-testid="tab-short">
                          {w.short}
                        </Text>
                      </Group>
                    ) : (
                      <Text c="dimmed">
                        {t(NOT_AVAILABLE)}
                      </Text>
                    )}
                  </Stack>
                </Tabs.Tab>
              );
            })}
            <Tabs.Tab value="images" px="lg" py="sm">
              <Text fw={600} size="md">
                {t('Images')}
              </Text>
            </Tabs.Tab>
          </Tabs.List>
          {SCORE_TABS.map((s) => (
            <Tabs.Panel key={s.key} value={s.key}>
              <ScoreTab result={result} tab={s} onOpenTab={openFromPanel} answers={answers} />
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
