import { Anchor, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ScoredResult } from '../../../core/contract';
import { AI_MODEL } from '../../../core/decisions';
import { answersUsed } from '../../../core/wording/health-questions';
import { percentText } from '../../../core/wording/scores';
import { taskVersionsQuery } from '../../api/tasks';
import { useT } from '../../i18n';
import { formatDateTime } from './format';
import { asTranslate } from './translate';

/** Her scores before the last change of her answers (the version the server kept). */
function BeforeTheChange({ taskId, number }: { taskId: string; number: number }) {
  const t = useT();
  const versions = useQuery(taskVersionsQuery(taskId));
  const previous = versions.data?.data.find((v) => v.version === number - 1);
  if (versions.isPending) return null;
  if (!previous) return versions.isError ? <Text>{t('The earlier version could not be loaded.')}</Text> : null;
  return (
    <Text data-testid="answers-before">
      {t('Before that, your inherent risk was {{risk}} and your combined score was {{combined}}.', {
        risk: percentText(previous.result.study.risk.score, asTranslate(t)),
        combined: percentText(previous.result.study[AI_MODEL].score, asTranslate(t)),
      })}
    </Text>
  );
}

/**
 * The Inherent Risk tab's account of her health answers: the ones this result's risk score used,
 * or that none were given and what the model assumed instead; with the way to change them when the
 * study is hers (changing them works out her newest result again).
 */
export function AnswersUsedCard({ result, answers }: { result: ScoredResult; answers?: { editable: boolean; newest: boolean; taskId: string } }) {
  const t = useT();
  const editable = answers?.editable ?? false;
  const newest = answers?.newest ?? false;
  const { given, notGiven } = answersUsed(result.inputs.risk_factors);
  const revision = result.revision;
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="answers-used">
      <Stack gap="sm">
        <Title order={2} size="h3">{t('Your answers in this score')}</Title>
        {given.length === 0 ? (
          <Text data-testid="answers-none">
            {/* Her own study says "you"; a demo profile's, or a study seen by an administrator, says it plainly. */}
            {answers ? t('You did not answer the health questions, so this score used none.') : t('No answers to the health questions were given for this study, so this score used none.')}{' '}
            {t('In their place the model assumed the answers of a woman at the lowest risk:')}
          </Text>
        ) : (
          <>
            <Text>{answers ? t('This score used these answers of yours:') : t('This score used these answers:')}</Text>
            <Table data-testid="answers-given" withRowBorders={false} verticalSpacing={4} fz="md" maw={720}>
              <Table.Tbody>
                {given.map((a) => (
                  <Table.Tr key={a.key}>
                    <Table.Th fw={500} w="60%">
                      {t(a.question)}
                    </Table.Th>
                    <Table.Td fw={600}>{t(a.answer)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {notGiven.length > 0 && <Text>{t('For the questions you did not answer, the model assumed:')}</Text>}
          </>
        )}
        {notGiven.length > 0 && (
          <List spacing={4} data-testid="answers-assumed">
            {notGiven.map((a) => {
              const question = t(a.question);
              const assumed = t(a.assumed);
              return (
                <List.Item key={a.key}>
                  {question.endsWith('?') ? `${question} ` : `${question}: `}
                  <b>{question.endsWith('?') ? assumed[0].toUpperCase() + assumed.slice(1) : assumed}</b>
                </List.Item>
              );
            })}
          </List>
        )}
        {revision && (
          <Text c="dimmed" data-testid="answers-revision">
            {revision.reason === 'birthdate_changed'
              ? t('Worked out again on {{date}} after your birthdate changed (version {{number}} of this result).', { date: formatDateTime(revision.at), number: revision.number })
              : t('Worked out again on {{date}} after you changed your answers (version {{number}} of this result).', { date: formatDateTime(revision.at), number: revision.number })}
          </Text>
        )}
        {revision && answers && <BeforeTheChange taskId={answers.taskId} number={revision.number} />}
        {editable && (
          <Text>
            <Anchor component={Link} to="/settings" hash="health-questions" fw={600} data-testid="edit-answers">
              {given.length === 0 ? t('Answer the health questions') : t('Change your answers')}
            </Anchor>{' '}
            {newest ? t('Your newest result is then worked out again.') : t('Only your newest result is worked out again with new answers.')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
