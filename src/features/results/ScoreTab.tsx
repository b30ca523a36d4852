import { Anchor, Grid, Group, List, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ScoreEntry, ScoredResult } from '../../../core/contract';
import { describeScore, NOT_AVAILABLE, referenceText } from '../../../core/wording/scores';
import { msg, useT } from '../../i18n';
import { AdviceCard } from './AdviceCard';
import { AnswersUsedCard } from './AnswersUsedCard';
import { DensityCard } from './DensityCard';
import { DistributionChart } from './DistributionChart';
import { IconArray } from './IconArray';
import { LabelBadge } from './LabelBadge';
import { NotAChance } from './NotAChance';
import { absoluteCount, NEXT_STEP, numberMeaning } from './meaning';
import { SCORE_TABS, type ScoreTabKey, type ScoreTabText } from './tabs';
import { asTranslate } from './translate';

/** Tabs whose number is a score, not a chance: a worried reader could take it for one. */
const NOT_A_CHANCE_TABS = new Set<ScoreTabKey>(['smart-density', 'cancer-signs']);

/** The big number, its group and the ranking sentence: what a reader takes in first. */
export function ScoreHeadline({ tab, entry, size = 'lg' }: { tab: ScoreTabText; entry: ScoreEntry; size?: 'lg' | 'md' }) {
  const t = useT();
  const w = describeScore(entry, asTranslate(t));
  const big = size === 'lg';
  return (
    <Stack gap="sm" data-testid={`score-${tab.key}`}>
      <Text fw={600} c="dimmed">
        {t(tab.what)}
      </Text>
      <Group gap="md" align="center" wrap="nowrap">
        <Text component="span" fz={big ? 64 : 44} fw={700} lh={1} data-testid="score-percent">
          {w.percent}
        </Text>
        {w.available && (
          <Stack gap={6} align="flex-start">
            <LabelBadge label={w.label} size={big ? 'xl' : 'lg'} />
            {NOT_A_CHANCE_TABS.has(tab.key) && <NotAChance />}
          </Stack>
        )}
      </Group>
      {w.available ? (
        <>
          <Text size={big ? 'xl' : 'lg'} fw={500} data-testid="ranking-text">
            {w.ranking}
          </Text>
          {/* Beside the number it already says it is not a chance; under it, only what the number is. */}
          <Text c="dimmed">{NOT_A_CHANCE_TABS.has(tab.key) ? t('This is a score from 0% to 100%.') : numberMeaning(tab.key, entry)}</Text>
          {big && (
            <Text fw={600} data-testid="next-step">
              {t(NEXT_STEP[w.label])}
            </Text>
          )}
        </>
      ) : (
        <Text c="dimmed" data-testid="ranking-text">
          {`${t('This score could not be worked out.')} ${w.reason}`}
        </Text>
      )}
    </Stack>
  );
}

/** `title`: the English key (its test id); shown in her language. */
function SideCard({ title, entry }: { title: string; entry: ScoreEntry }) {
  const t = useT();
  const w = describeScore(entry, asTranslate(t));
  return (
    <Paper withBorder radius="md" p="md" data-testid={`side-${title.toLowerCase().replace(/\s+/g, '-')}`}>
      <Text fw={600}>{t(title)}</Text>
      <Group gap="sm" mt={6}>
        <Text fz={28} fw={700} lh={1.1}>
          {w.percent}
        </Text>
        {w.available && <LabelBadge label={w.label} />}
      </Group>
      <Text c="dimmed" mt={4}>
        {w.available ? w.ranking : w.reason}
      </Text>
    </Paper>
  );
}

/** The three scores the combined one is built from, each a link to its own tab. */
function Components({ result, onOpenTab }: { result: ScoredResult; onOpenTab: (key: ScoreTabKey) => void }) {
  const t = useT();
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">{t('What goes into it')}</Title>
      <SimpleGrid cols={3} spacing="md">
        {SCORE_TABS.filter((s) => s.key !== 'smart-density').map((s) => {
          const w = describeScore(result.study[s.score], asTranslate(t));
          const title = t(s.title);
          return (
            // A block as tall as its row: inline, the three cards sat on the text baseline, each at its own height.
            <UnstyledButton key={s.key} display="block" h="100%" onClick={() => onOpenTab(s.key)} aria-label={t('{{title}}: {{percent}}. Open the {{title}} tab', { title, percent: w.percent })}>
              <Paper withBorder radius="md" p="md" h="100%" className="component-card">
                <Text fw={600}>{title}</Text>
                <Group gap="sm" mt={6}>
                  <Text fz={28} fw={700} lh={1.1}>
                    {w.percent}
                  </Text>
                  {w.available && <LabelBadge label={w.label} />}
                </Group>
                <Text c="dimmed" mt={4}>
                  {w.available ? w.ranking : t(NOT_AVAILABLE)}
                </Text>
              </Paper>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

/** One score tab of /results: number, group, ranking, the population picture, advice and plain words. */
export function ScoreTab({
  result,
  tab,
  onOpenTab,
  answers,
}: {
  result: ScoredResult;
  tab: ScoreTabText;
  onOpenTab: (key: ScoreTabKey | 'images') => void;
  /** Her own study: whether she may change the answers here, and whether it is her newest. */
  answers?: { editable: boolean; newest: boolean; taskId: string };
}) {
  const t = useT();
  const entry = result.study[tab.score];
  const w = describeScore(entry, asTranslate(t));
  const count = absoluteCount(tab.key, entry);
  return (
    <Stack gap="xl" pt="xl">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="lg" p="xl" h="100%">
            <ScoreHeadline tab={tab} entry={entry} />
            {count !== null && (
              <Stack gap={6} mt="lg" maw={360}>
                <IconArray count={Math.max(count, 0)} color="var(--mantine-color-clinical-6)" label={numberMeaning(tab.key, entry)} />
              </Stack>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="lg" p="xl" h="100%">
            <Title order={2} size="h3" mb="xs">
              {t('Where you are among other women')}
            </Title>
            {w.available && entry.quantile !== null ? (
              <>
                <Text c="dimmed" mb="md">
                  {t('Each group is a share of women who had a mammogram: Very Low is the lowest 10 in 100, High the highest 10 in 100.')}
                </Text>
                <DistributionChart quantile={entry.quantile} scoreName={t(tab.title)} />
                {entry.reference && (
                  <Text c="dimmed" mt="sm" data-testid="ranked-against">
                    {t('Compared with: {{reference}}.', { reference: referenceText(entry.reference, asTranslate(t)) })}
                  </Text>
                )}
              </>
            ) : (
              <Text c="dimmed">{t('There is no ranking because this score could not be worked out.')}</Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>

      {w.available && w.advice && <AdviceCard />}

      {tab.key === 'masking' && <DensityCard measure={result.density?.study} />}

      {tab.key === 'inherent-risk' && <AnswersUsedCard result={result} answers={answers} />}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Paper withBorder radius="lg" p="xl">
          <Title order={2} size="h3" mb="sm">
            {t('What this score means')}
          </Title>
          <List spacing="xs">
            {tab.means.map((m) => (
              <List.Item key={m}>{t(m)}</List.Item>
            ))}
          </List>
          {tab.key === 'cancer-signs' && (
            <Anchor component="button" type="button" mt="sm" onClick={() => onOpenTab('images')}>
              {t('See your images')}
            </Anchor>
          )}
        </Paper>
        <Paper withBorder radius="lg" p="xl">
          <Title order={2} size="h3" mb="sm">
            {t('What it does not mean')}
          </Title>
          <List spacing="xs">
            {tab.doesNotMean.map((m) => (
              <List.Item key={m}>{t(m)}</List.Item>
            ))}
          </List>
          <Anchor component={Link} to="/score-quality" hash={tab.key} display="inline-block" mt="sm" data-testid="score-quality-link">
            {t('How good is this score?')}
          </Anchor>
        </Paper>
      </SimpleGrid>

      {tab.key === 'smart-density' ? (
        <Components result={result} onOpenTab={onOpenTab} />
      ) : (
        <Stack gap="sm">
          <Title order={2} size="h3">{t('Each breast')}</Title>
          <SimpleGrid cols={2} spacing="md">
            <SideCard title={msg('Right breast')} entry={result.right[tab.score]} />
            <SideCard title={msg('Left breast')} entry={result.left[tab.score]} />
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
