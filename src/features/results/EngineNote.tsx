import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ScoredResult } from '../../../core/contract';
import { AI_MODEL_LABEL } from '../../../core/decisions';

/** Which engine made the scores, and what they are not (decisions.md: never a diagnosis). */
export function engineLine(result: ScoredResult): string {
  return `Scores by ${result.engine.name} ${result.engine.version}, model ${AI_MODEL_LABEL}.`;
}

export const NOT_A_DIAGNOSIS =
  'These scores are estimates from a reference engine. It is not a medical device and it does not diagnose cancer. Please talk about your results with your doctor.';

export function EngineNote({ result }: { result: ScoredResult }) {
  return (
    <Text size="sm" c="dimmed" data-testid="engine-note">
      {engineLine(result)} {NOT_A_DIAGNOSIS}{' '}
      <Anchor component={Link} to="/score-quality" size="sm">
        How good are these scores?
      </Anchor>
    </Text>
  );
}
