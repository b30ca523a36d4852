import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ScoredResult } from '../../../core/contract';
import { AI_MODEL_LABEL } from '../../../core/decisions';
import { msg, t, useT } from '../../i18n';

/** Which engine made the scores, and what they are not (decisions.md: never a diagnosis). */
/**
 * The engine as a person reads it: "Smart Density reference engine 2.1.0". Its version's build
 * part (+density-model-<hash>+real-<hash>: the hashes of its learned models) stays in the stored
 * result for us, never on her screen or her printout.
 */
export function engineLabel(engine: { name: string; version: string }): string {
  const name = engine.name.replace(/^smart-density-/, 'Smart Density ').replace(/-/g, ' ');
  return `${name} ${engine.version.split('+')[0]}`;
}

/** In the current language (a component calling it uses useT(), so it renders again when that changes). */
export function engineLine(result: ScoredResult): string {
  const first = t('Scores by {{engine}}, model {{model}}.', { engine: engineLabel(result.engine), model: AI_MODEL_LABEL });
  const r = result.revision;
  if (!r) return first;
  const again =
    r.reason === 'birthdate_changed'
      ? t('Inherent risk and combined score worked out again at your corrected age by {{engine}}.', { engine: engineLabel(r.engine) })
      : t('Inherent risk and combined score worked out again with your new answers by {{engine}}.', { engine: engineLabel(r.engine) });
  return `${first} ${again}`;
}

export const NOT_A_DIAGNOSIS = msg(
  'These scores are estimates from a reference engine. It is not a medical device and it does not diagnose cancer. Please talk about your results with your doctor.',
);

export function EngineNote({ result }: { result: ScoredResult }) {
  const t = useT();
  return (
    <Text c="dimmed" data-testid="engine-note">
      {engineLine(result)} {t(NOT_A_DIAGNOSIS)}{' '}
      <Anchor component={Link} to="/score-quality">
        {t('How good are these scores?')}
      </Anchor>
    </Text>
  );
}
