import type { ReactNode } from 'react';
import { Accordion, Alert, Anchor, Grid, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { QualityFigure, QualityModel } from '../../../core/contract/score-quality';
import { msg, useLanguage, useT } from '../../i18n';
import { ByKindTable, useAtChanceSentence } from './ByKindTable';
import { EngineCheck } from './EngineCheck';
import { basisText, formatFigure, headline, NOT_MEASURED, SCORE_QUALITY_REPORT as R, type FigureStyle } from './report';

/** The sections of the page; the score tabs of /results link to theirs by the same id. */
export type QualitySectionId = 'density' | 'cancer-signs' | 'inherent-risk' | 'masking' | 'smart-density';

interface ShownFigure {
  key: string;
  label: string;
  explain: string;
  style: FigureStyle;
  /** Cross-validated first, then the evaluation run's own: the first measured one is shown. */
  candidates: QualityFigure[];
}

interface DetailFigure {
  label: string;
  style: FigureStyle;
  figure: QualityFigure;
}

/** A count of reference values as the language writes it: "3,203" in English, "3 203" in Swedish. */
function useCount(): (n: number) => string {
  const lang = useLanguage();
  return (n) => n.toLocaleString(lang === 'sv' ? 'sv-SE' : 'en');
}

function FigureCard({ section, f }: { section: QualitySectionId; f: ShownFigure }) {
  const t = useT();
  const shown = headline(...f.candidates);
  return (
    <Paper withBorder radius="md" p="lg" data-testid={`figure-${section}-${f.key}`}>
      <Stack gap={6}>
        <Text fw={600}>{f.label}</Text>
        <Text fz={shown ? 32 : 20} fw={700} lh={1.1} c={shown ? undefined : 'dimmed'} data-testid="figure-value">
          {shown?.value != null ? formatFigure(shown.value, f.style) : t(NOT_MEASURED)}
        </Text>
        <Text size="sm" c="dimmed" data-testid="figure-basis">
          {basisText(shown ?? f.candidates[0])}
        </Text>
        <Text size="sm">{f.explain}</Text>
      </Stack>
    </Paper>
  );
}

function Details({ model, figures }: { model: QualityModel; figures: DetailFigure[] }) {
  const t = useT();
  const count = useCount();
  return (
    <Accordion variant="contained" radius="md">
      <Accordion.Item value="details">
        <Accordion.Control>{t('Technical details')}</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="md">
            <Text size="sm">
              {t('Model:')} <strong>{model.name}</strong> {model.version}
            </Text>
            <Text size="sm">
              {t('Groups (Very Low to High) are ranked against {{n}} reference values ({{version}}): {{source}}.', {
                n: count(model.reference.n),
                version: model.reference.version,
                source: t(model.reference.source),
              })}
            </Text>
            {figures.length > 0 && (
              <Table striped withTableBorder fz="sm" aria-label={t('All figures of {{model}}', { model: model.name })}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w="32%">{t('Figure')}</Table.Th>
                    <Table.Th>{t('Value')}</Table.Th>
                    <Table.Th>{t('How it was measured')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {figures.map((d) => (
                    <Table.Tr key={`${d.label}-${d.figure.source}`}>
                      <Table.Td>{d.label}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{d.figure.value === null ? t(NOT_MEASURED) : formatFigure(d.figure.value, d.style)}</Table.Td>
                      <Table.Td>
                        {basisText(d.figure)}
                        <Text size="xs" c="dimmed" ff="monospace">
                          {d.figure.source}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

function Section({
  id,
  title,
  shownIn,
  builtFrom,
  figures,
  breakdown,
  untested,
  cannot,
  model,
  details,
}: {
  id: QualitySectionId;
  title: string;
  /** Where the score shows in the app. */
  shownIn: string;
  builtFrom: ReactNode[];
  figures: ShownFigure[];
  /** Shown under the figure cards (the figures broken down). */
  breakdown?: ReactNode;
  untested?: string;
  cannot: string[];
  model: QualityModel;
  details: DetailFigure[];
}) {
  const t = useT();
  return (
    <Paper component="section" withBorder radius="lg" p="xl" id={id} aria-labelledby={`${id}-title`} style={{ scrollMarginTop: 88 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} id={`${id}-title`}>
            {title}
          </Title>
          <Text c="dimmed">{shownIn}</Text>
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('What it is built from')}
          </Title>
          <List spacing="xs">
            {builtFrom.map((b, i) => (
              <List.Item key={i}>{b}</List.Item>
            ))}
          </List>
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('How well it works on real mammograms')}
          </Title>
          {untested && <Text data-testid={`untested-${id}`}>{untested}</Text>}
          {figures.length > 0 && (
            <SimpleGrid cols={2} spacing="md">
              {figures.map((f) => (
                <FigureCard key={f.key} section={id} f={f} />
              ))}
            </SimpleGrid>
          )}
          {breakdown}
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('What it cannot do')}
          </Title>
          <List spacing="xs">
            {cannot.map((c) => (
              <List.Item key={c}>{c}</List.Item>
            ))}
          </List>
        </Stack>
        <Details model={model} figures={details} />
      </Stack>
    </Paper>
  );
}

/** The sections' titles (in English: translated where shown). */
const NAV: { id: QualitySectionId; title: string }[] = [
  { id: 'density', title: msg('Breast density') },
  { id: 'cancer-signs', title: msg('Cancer Signs') },
  { id: 'inherent-risk', title: msg('Inherent Risk') },
  { id: 'masking', title: msg('Masking') },
  { id: 'smart-density', title: 'Smart Density' },
];

const UNTESTED = msg(
  'We could not test this score on real mammograms. A test would need to know which women later got breast cancer, and we do not have that. It is only as good as the density measure above and the published figures it uses.',
);

/** /score-quality: "How good are these scores?", for everyone, from the committed evaluation report. */
export function ScoreQuality() {
  const t = useT();
  const count = useCount();
  const { set, density, detection, risk, masking, merged } = R;
  const d = density.figures;
  const det = detection.figures;
  const dt = detection.training;
  const atChance = useAtChanceSentence(detection.byKind);
  return (
    <Grid gap={40}>
      <Grid.Col span={8}>
        <Stack gap={40}>
          <Stack gap="sm">
            <Title order={1}>{t('How good are these scores?')}</Title>
            <Text size="lg">
              {t(
                'Smart Density gives you scores about your mammogram. This page tells you what each score is built from, how well it did when we tested it on real mammograms, and what it cannot do.',
              )}
            </Text>
          </Stack>

          <Alert variant="light" radius="lg" title={t('Please read this first')} data-testid="not-a-device">
            {t('These scores come from a reference engine. It is not a medical device, and it does not diagnose cancer. Use the scores to talk with your doctor.')}
          </Alert>

          <Paper withBorder radius="lg" p="xl" component="section" aria-labelledby="how-tested-title" data-testid="how-tested">
            <Stack gap="sm">
              <Title order={2} id="how-tested-title">
                {t('How we tested')}
              </Title>
              <Text>
                {t(
                  'We ran the engine on {{films}} real mammogram films from {{women}} women (the set "{{name}}"). On {{annotatedFilms}} films, experts drew the dense tissue by hand. {{readingFilms}} films have a reader\'s note on how dense the breast is: fatty, glandular or dense. Experts marked a finding on {{abnormalFilms}} films, and {{normalFilms}} films have no finding.',
                  {
                    films: set.films,
                    women: set.women,
                    name: set.name,
                    annotatedFilms: set.annotatedFilms,
                    readingFilms: set.readingFilms,
                    abnormalFilms: set.abnormalFilms,
                    normalFilms: set.normalFilms,
                  },
                )}
              </Text>
              <Text>
                <strong>{t('A fair test (cross-validated).')}</strong>{' '}
                {t(
                  "We split the films into groups and keep each woman's films together. Each group is scored by a copy of the model that learned only from the other groups. A model tested on the films it learned from looks better than it really is.",
                )}
              </Text>
              <Text c="dimmed" size="sm">
                {t('The figures on this page come from a report that the program writes itself when it tests the engine. Nobody types them in.')}
              </Text>
            </Stack>
          </Paper>

          <Section
            id="density"
            title={t('Breast density')}
            shownIn={t('The percent of dense tissue and the grade a to d. Inherent Risk and Masking are built on it.')}
            builtFrom={[
              t('A computer model looks at every small spot of the breast and judges how likely it is to be dense tissue. Your percent is the share of the breast that is dense.'),
              density.training
                ? t('It learned this from {{films}} scanned film mammograms on which experts drew the dense tissue by hand.', { films: density.training.films })
                : t('It has no record of the films it learned from.'),
              t('The grade (a, b, c or d) sorts the percent into the four groups doctors use. The cut points come from published figures for many women, not from our films.'),
            ]}
            figures={[
              {
                key: 'rank',
                label: t("Agreement with the experts' drawings"),
                explain: t('Do films with more dense tissue get a higher percent? 1 means always in the right order. 0 means no better than chance.'),
                style: 'correlation',
                candidates: [d.rankCv, d.rank],
              },
              {
                key: 'error',
                label: t("Distance from the experts' percent"),
                explain: t('How far our percent is from the percent the experts drew, on average.'),
                style: 'points',
                candidates: [d.errorCv, d.error],
              },
              {
                key: 'reading',
                label: t("Agreement with readers' notes"),
                explain: t('Readers called each film fatty, glandular or dense. Does our percent put them in that order? 1 means always.'),
                style: 'correlation',
                candidates: [d.readingRank],
              },
              {
                key: 'pairs',
                label: t("Difference between a woman's two breasts"),
                explain: t('Most women have about the same density in both breasts. This is the average gap between her left and right side.'),
                style: 'points',
                candidates: [d.pairDifference],
              },
            ]}
            cannot={[
              t("It learned from scanned film mammograms. Today's digital mammograms look different, and on them the percent may read too high."),
              t("The grade is a computer's estimate, not a radiologist's reading."),
            ]}
            model={density.model}
            details={[
              { label: t("Agreement with the experts' drawings"), style: 'correlation', figure: d.rankCv },
              { label: t("Agreement with the experts' drawings"), style: 'correlation', figure: d.rank },
              { label: t("Distance from the experts' percent"), style: 'points', figure: d.errorCv },
              { label: t("Distance from the experts' percent"), style: 'points', figure: d.error },
              { label: t("Agreement with readers' notes"), style: 'correlation', figure: d.readingRank },
              { label: t('Middle percent of films read as fatty'), style: 'percent', figure: d.readingMedianF },
              { label: t('Middle percent of films read as glandular'), style: 'percent', figure: d.readingMedianG },
              { label: t('Middle percent of films read as dense'), style: 'percent', figure: d.readingMedianD },
              { label: t("Difference between a woman's two breasts"), style: 'points', figure: d.pairDifference },
            ]}
          />

          <Section
            id="cancer-signs"
            title={t('Cancer Signs')}
            shownIn={t('The score in the Cancer Signs tab, and the marks in the Images tab.')}
            builtFrom={[
              t('The computer looks for spots that can be signs of cancer: lumps and groups of small bright specks. It also compares your two breasts, but a kind of sign counts only if it helped on real films: comparing the breasts did not, so it does not count today.'),
              dt
                ? t('It learned which spots matter from {{films}} real films of {{women}} women: {{lesions}} findings that experts marked, and {{normals}} films without findings.', {
                    films: dt.films,
                    women: dt.women,
                    lesions: dt.lesions,
                    normals: dt.normals,
                  })
                : t('It has not learned from real mammograms yet. Its settings were tuned on computer-made practice images.'),
              t('Your group (Very Low to High) compares your score with {{n}} reference scores. Where they come from is in the technical details.', { n: count(detection.model.reference.n) }),
            ]}
            figures={[
              {
                key: 'auc',
                label: t('Telling films with a finding from films without'),
                explain: t('Take one film with a finding and one without. This is how often the film with the finding gets the higher score. 50 in 100 would be guessing.'),
                style: 'share',
                candidates: [det.aucCv, det.auc],
              },
              {
                key: 'at1',
                label: t('Findings found, with 1 false mark per image'),
                explain: t('Of 100 findings that experts marked, how many the computer also marked, when it may put about one mark per image on something harmless.'),
                style: 'share',
                candidates: [det.sensitivityAt1Cv, det.sensitivityAt1],
              },
              {
                key: 'at-quarter',
                label: t('Findings found, with 1 false mark per 4 images'),
                explain: t('The same, when the computer may put only about one mark on something harmless in every four images.'),
                style: 'share',
                candidates: [det.sensitivityAtQuarterCv, det.sensitivityAtQuarter],
              },
              {
                key: 'normals-high',
                label: t('Films without findings in the High group'),
                explain: t('High is meant for the top 10 in 100. About 10 in 100 films without findings is what it should be.'),
                style: 'share',
                candidates: [det.normalsHighCv, det.normalsHigh],
              },
            ]}
            breakdown={<ByKindTable byKind={detection.byKind} />}
            cannot={[
              t('It does not diagnose cancer. Only a doctor can say if something is cancer, often after more tests.'),
              t('It misses some findings, and it marks some spots that are harmless.'),
              ...(atChance ? [atChance] : []),
              t("It learned from scanned film mammograms, which look different from today's digital ones."),
            ]}
            model={detection.model}
            details={[
              { label: t('Telling films with a finding from films without (AUC)'), style: 'share', figure: det.aucCv },
              { label: t('Telling films with a finding from films without (AUC)'), style: 'share', figure: det.auc },
              { label: t('Findings found, 1 false mark per image'), style: 'share', figure: det.sensitivityAt1Cv },
              { label: t('Findings found, 1 false mark per image'), style: 'share', figure: det.sensitivityAt1 },
              { label: t('Findings found, 1 false mark per 4 images'), style: 'share', figure: det.sensitivityAtQuarterCv },
              { label: t('Findings found, 1 false mark per 4 images'), style: 'share', figure: det.sensitivityAtQuarter },
              { label: t('Films without findings in the High group'), style: 'share', figure: det.normalsHighCv },
              { label: t('Films without findings in the High group'), style: 'share', figure: det.normalsHigh },
            ]}
          />

          <Section
            id="inherent-risk"
            title={t('Inherent Risk')}
            shownIn={t('Your chance of getting breast cancer in the next 5 years, in the Inherent Risk tab.')}
            builtFrom={[
              t('It uses your age, the health facts you gave us, and your breast density.'),
              t("It follows a published risk calculator of the US National Cancer Institute (the Breast Cancer Risk Assessment Tool), and published figures on how density changes a woman's risk."),
              t('Your group compares you with {{n}} reference values built from published figures for women aged 40 to 74.', { n: count(risk.model.reference.n) }),
            ]}
            figures={[]}
            untested={t(UNTESTED)}
            cannot={[
              t('It was not checked against what happened to real women.'),
              t('It is about groups of women like you. It cannot say what will happen to you.'),
              t('It does not look for cancer in your images.'),
            ]}
            model={risk.model}
            details={[]}
          />

          <Section
            id="masking"
            title={t('Masking')}
            shownIn={t('How likely it is that dense tissue could hide cancer, in the Masking tab.')}
            builtFrom={[
              t('It uses your breast density: how much of the breast is dense, and how large the dense area is.'),
              t('It uses published figures on how often screening misses a cancer in breasts of each density (a study of digital screening in the Netherlands, 2017).'),
              t('Your group compares you with {{n}} reference values built from published figures for women aged 40 to 74.', { n: count(masking.model.reference.n) }),
            ]}
            figures={[]}
            untested={t(UNTESTED)}
            cannot={[t('It was not checked against what happened to real women.'), t('It does not say that something is hidden in your images.')]}
            model={masking.model}
            details={[]}
          />

          <Section
            id="smart-density"
            title="Smart Density"
            shownIn={t('Your combined score, in the Smart Density tab.')}
            builtFrom={[
              t('It puts together your groups for Cancer Signs, Inherent Risk and Masking, and takes your age into account.'),
              t('Your group compares your score with {{n}} reference scores. Where they come from is in the technical details.', { n: count(merged.model.reference.n) }),
            ]}
            figures={[
              {
                key: 'normals-high',
                label: t('Films without findings in the High group'),
                explain: t('High is meant for the top 10 in 100. About 10 in 100 is right. Many more would mean the score worries too many women.'),
                style: 'share',
                candidates: [merged.figures.normalsHighCv, merged.figures.normalsHigh],
              },
            ]}
            cannot={[
              t('It does not tell you if you have cancer.'),
              t('Its Inherent Risk and Masking parts were not checked against what happened to real women.'),
              t('It was built on scanned film mammograms. On the few digital mammograms we could try, it put most of them in the High group, mostly because their breast density reads too high: a High group on a digital mammogram may be a false alarm.'),
              t('It is meant for a talk with your doctor, not for deciding on your own.'),
            ]}
            model={merged.model}
            details={[
              { label: t('Films without findings in the High group'), style: 'share', figure: merged.figures.normalsHighCv },
              { label: t('Films without findings in the High group'), style: 'share', figure: merged.figures.normalsHigh },
            ]}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={4}>
        <Stack gap="lg" pos="sticky" top={100}>
          <EngineCheck measuredOn={R.engine} />
          <Paper withBorder radius="lg" p="lg" component="nav" aria-label={t('Scores on this page')}>
            <Text fw={600} mb="xs">
              {t('On this page')}
            </Text>
            <Stack gap={6}>
              {NAV.map((n) => (
                <Anchor key={n.id} component={Link} to="/score-quality" hash={n.id}>
                  {t(n.title)}
                </Anchor>
              ))}
            </Stack>
          </Paper>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
