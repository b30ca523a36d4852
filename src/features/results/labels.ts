import type { ScoreSet, ScoredResult, ViewKey } from '../../../core/contract';
import { AI_MODEL } from '../../../core/decisions';
import type { QuantileLabel } from '../../../core/wording/scores';
import { msg } from '../../../core/i18n';

/** The four labels from cool to warm (ui.md): colour carries meaning, never a red page. */
export const LABEL_COLOR: Record<QuantileLabel, string> = {
  'Very Low': 'blue',
  Low: 'teal',
  Moderate: 'yellow',
  High: 'orange',
};

/** The views' labels and their hanging (right and left back to back, CC above MLO) are the contract's. */
export { VIEW_LABELS as VIEW_LABEL, VIEW_KEYS as HANGING } from '../../../core/contract';

export type ScoreKey = keyof ScoreSet;
export const MERGED: ScoreKey = AI_MODEL;

/** The levels of the result a person reads: the study, then each breast (labels: translate with t(label)). */
export const LEVELS = [
  { key: 'study', label: msg('Study') },
  { key: 'left', label: msg('Left') },
  { key: 'right', label: msg('Right') },
] as const satisfies readonly { key: keyof ScoredResult; label: string }[];

export const COMPONENT_LABEL = { detection: msg('Detection'), risk: msg('Risk'), masking: msg('Masking') } as const;
