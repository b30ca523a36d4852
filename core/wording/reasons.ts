/**
 * The engine's N/A reasons (server/analysis) in the reader's language (issue 18, item 7). The
 * engine writes them in English into the stored result, often put together from parts ("No
 * percent density for the study: No percent density for the right breast: R-CC: view missing from
 * the study; ..."), so each known part is translated on its own; an unknown part stays English.
 * Shared with the server: `tr` is the client's translate function; without one, English.
 */
import { msg } from '../i18n';

/** Translates a marked English text; `values` fill its {{placeholders}}. */
export type Translate = (text: string, values?: Record<string, string | number>) => string;

/** English: the text itself with its {{placeholders}} filled in. */
export const inEnglish: Translate = (text, values) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (values && name in values ? String(values[name]) : whole));

/** The fixed parts of the engine's reasons (assemble.ts, merge.ts, rescore.ts, image/, risk/). */
const PHRASES: readonly string[] = [
  msg('Not available'),
  msg('Age unknown: no birthdate'),
  msg('No percent density for the study'),
  msg('No percent density for the right breast'),
  msg('No percent density for the left breast'),
  msg('No detection score for the study'),
  msg('No detection score for the right breast'),
  msg('No detection score for the left breast'),
  msg('view missing from the study'),
  msg('view not analysed'),
  msg('view not available'),
  msg('view missing or not analysable'),
  msg('no breast tissue found in the image'),
  msg('pixel data shorter than the image size'),
  msg('invalid pixel spacing'),
  msg('the image is blank'),
  msg("Not worked out again with your new answers: this result does not keep the view's own density"),
  msg('BCRAT could not use the inputs'),
  msg('hyperplasia must be unknown (99) when there was no biopsy'),
  msg('first birth before menarche'),
  msg('first birth after the current age'),
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PHRASE_PATTERN = new RegExp([...PHRASES].sort((a, b) => b.length - a.length).map(escape).join('|'), 'g');

const COMPONENT_NAMES: Record<string, string> = { detection: msg('detection'), risk: msg('risk'), masking: msg('masking') };

/** The reason in the reader's language: the parts with numbers first, then the fixed parts. */
export function reasonText(reason: string, tr: Translate = inEnglish): string {
  if (tr === inEnglish) return reason;
  return reason
    .replace(/Age (\d+) outside the BCRAT range (\d+)-(\d+)/g, (_, age: string, min: string, max: string) =>
      tr(msg('Age {{age}} outside the BCRAT range {{min}}-{{max}}'), { age, min, max }),
    )
    .replace(/image too small \((\d+x\d+)\)/g, (_, size: string) => tr(msg('image too small ({{size}})'), { size }))
    .replace(/Needs all three components; missing: ((?:detection|risk|masking)(?:, (?:detection|risk|masking))*)/g, (_, parts: string) =>
      tr(msg('Needs all three components; missing: {{parts}}'), {
        parts: parts
          .split(', ')
          .map((p) => tr(COMPONENT_NAMES[p] ?? p))
          .join(', '),
      }),
    )
    .replace(PHRASE_PATTERN, (phrase) => tr(phrase));
}

/** The fixed parts of the populations a score is ranked against (model-registry.ts rankedAgainst). */
const REFERENCE_PHRASES: readonly string[] = [
  msg('women aged 40 to 74 who have screening mammograms, from published population figures, with no risk factors given'),
  msg('women aged 40 to 74 who have screening mammograms, from published population figures'),
  msg('mammograms of 4 views drawn from'),
  msg('breasts of 2 views drawn from'),
  msg('single views:'),
];
const REFERENCE_PATTERN = new RegExp([...REFERENCE_PHRASES].sort((a, b) => b.length - a.length).map(escape).join('|'), 'g');

/** Who a score is ranked against ("Compared with: ..."), in the reader's language. */
export function referenceText(reference: string, tr: Translate = inEnglish): string {
  if (tr === inEnglish) return reference;
  return reference
    .replace(/(\d+) real mammogram films without findings, each counted at every age from 40 to 74/g, (_, n: string) =>
      tr(msg('{{n}} real mammogram films without findings, each counted at every age from 40 to 74'), { n }),
    )
    .replace(/(\d+) real mammogram films without findings, from (\d+) women/g, (_, n: string, women: string) =>
      tr(msg('{{n}} real mammogram films without findings, from {{women}} women'), { n, women }),
    )
    .replace(REFERENCE_PATTERN, (phrase) => tr(phrase));
}
