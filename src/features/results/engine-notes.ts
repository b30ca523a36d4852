import type { ViewKey } from '../../../core/contract';
import { msg } from '../../i18n';
import { translateMessage } from '../../lib/messages';
import { VIEW_LABEL } from './labels';

/**
 * The values the engine's notes put into their sentences (lib/messages.ts lists the sentences):
 * the risk factors it names (server/analysis/risk/bcrat.ts), a breast's side and why the
 * pectoral muscle was not found (server/analysis/image/pectoral.ts). Marked here so each has its
 * Swedish; a value nobody translated stays as the engine wrote it.
 */
export const NOTE_VALUES = [
  msg('race'),
  msg('age at menarche'),
  msg('age at first birth'),
  msg('first degree relatives'),
  msg('biopsies'),
  msg('atypical hyperplasia'),
  msg('left'),
  msg('right'),
  msg('no breast'),
  msg('no edge found'),
  msg('the tissue does not reach the top of the image at the chest wall'),
] as const;

/**
 * One of the engine's notes (English, naming fields and views as the code does: age_at_menarche,
 * r_cc) as the printed report shows it: in words, in the current language. Call while rendering.
 */
export function noteInWords(note: string): string {
  const words = note
    .replace(/^[lr]_(?:cc|mlo)(?=: )/, (key) => VIEW_LABEL[key as ViewKey])
    .replace(/\b[a-z]+(?:_[a-z0-9]+)+\b/g, (name) => name.replace(/_/g, ' '));
  return translateMessage(words);
}
