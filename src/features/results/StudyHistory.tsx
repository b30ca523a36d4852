import { Anchor, Badge, Group, Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { isFailed } from '../../../core/contract';
import { describeScore } from '../../../core/wording/scores';
import { taskHistoryQuery } from '../../api/tasks';
import { useT } from '../../i18n';
import { formatDateTime, formatStudyDate } from './format';
import { hasTrend, ownStudies, scoredResult, statusWords, trendSeries } from './history';
import { LabelBadge } from './LabelBadge';
import { SCORE_TABS } from './tabs';
import { TrendChart } from './TrendChart';
import { asTranslate } from './translate';

/**
 * "Your studies" (issue 18, item 1): every study she submitted, newest first, each opening its own
 * result, and from two scored studies on, each score's course. `currentId` is the study on screen.
 */
export function StudyHistory({ userId, currentId }: { userId: string; currentId: string | null }) {
  const t = useT();
  const history = useQuery(taskHistoryQuery());

  let body;
  if (history.isError && !history.data) {
    body = (
      <Text role="alert" data-testid="history-error">
        {t("We couldn't load your earlier studies. Please try again later.")}
      </Text>
    );
  } else if (!history.data) {
    body = (
      <Group gap="sm" role="status" aria-label={t('Loading your studies')}>
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">{t('Loading your studies…')}</Text>
      </Group>
    );
  } else {
    const studies = ownStudies(history.data.data, userId);
    const series = trendSeries(studies);
    const newestId = studies[0]?.id ?? null;
    body =
      studies.length === 0 ? (
        <Text c="dimmed">{t('You have not submitted a study yet.')}</Text>
      ) : (
        <Stack gap="lg">
          {hasTrend(series) && (
            <Stack gap="xs">
              <Title order={3}>{t('Your scores over time')}</Title>
              <Text c="dimmed">{t('Each dot is one of your studies, oldest on the left. The big dot is the study on this page.')}</Text>
              <TrendChart series={series} currentId={currentId} />
            </Stack>
          )}
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" fz="md" highlightOnHover data-testid="history-table">
              <Table.Caption>{t('Your studies, newest first. Open one to see its results.')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('Submitted')}</Table.Th>
                  <Table.Th scope="col">{t('Mammogram date')}</Table.Th>
                  {SCORE_TABS.map((s) => (
                    <Table.Th scope="col" key={s.key}>
                      {t(s.title)}
                    </Table.Th>
                  ))}
                  <Table.Th scope="col">
                    <VisuallyHidden>{t('Open')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {studies.map((task) => {
                  const result = scoredResult(task);
                  const status = statusWords(task.status, isFailed(task.result));
                  const shown = task.id === currentId;
                  const when = formatDateTime(task.created_at);
                  return (
                    <Table.Tr key={task.id} data-testid="history-row" data-task-id={task.id} aria-current={shown ? 'page' : undefined}>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Text fw={shown ? 600 : undefined} data-testid="history-date">
                            {when}
                          </Text>
                          {task.id === newestId && (
                            <Badge variant="light" size="sm" tt="none">
                              {t('Newest')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text>{formatStudyDate(task.dcm_study_date)}</Text>
                      </Table.Td>
                      {result ? (
                        SCORE_TABS.map((tab, i) => {
                          const w = describeScore(result.study[tab.score], asTranslate(t));
                          return (
                            <Table.Td key={tab.key} data-testid={`history-${tab.key}`}>
                              <Group gap={6} wrap="nowrap">
                                <Text fw={i === 0 ? 700 : undefined}>
                                  {w.percent}
                                </Text>
                                {i === 0 && w.available && <LabelBadge label={w.label} size="sm" />}
                              </Group>
                            </Table.Td>
                          );
                        })
                      ) : (
                        <Table.Td colSpan={SCORE_TABS.length}>
                          <Text c="dimmed" data-testid="history-status">
                            {status && t(status)}
                          </Text>
                        </Table.Td>
                      )}
                      <Table.Td ta="right">
                        {shown ? (
                          <Text c="dimmed" fw={600}>
                            {t('On this page')}
                          </Text>
                        ) : task.id === newestId ? (
                          <Anchor component={Link} to="/results" fw={600} aria-label={t('Open the results of {{when}}', { when })} data-testid="history-open">
                            {t('Open results')}
                          </Anchor>
                        ) : (
                          <Anchor
                            renderRoot={(props) => <Link to="/results/$taskId" params={{ taskId: task.id }} {...props} />}
                            fw={600}
                            aria-label={t('Open the results of {{when}}', { when })}
                            data-testid="history-open"
                          >
                            {t('Open results')}
                          </Anchor>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {history.data.count > history.data.data.length && (
            <Text c="dimmed">
              {t('Showing your {{n}} newest studies.', { n: history.data.data.length })}
            </Text>
          )}
        </Stack>
      );
  }

  return (
    <Paper withBorder radius="lg" p="xl" component="section" aria-labelledby="your-studies" className="screen-only" data-testid="study-history" id="studies">
      <Stack gap="md">
        <Title order={2} id="your-studies" tabIndex={-1}>
          {t('Your studies')}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
