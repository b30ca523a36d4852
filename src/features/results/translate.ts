import type { Translate } from '../../../core/wording/scores';
import type { useT } from '../../i18n';

/**
 * A component's t (useT()) as core/wording's Translate: i18next's t has separate signatures with and
 * without values, which a single function type taking optional values does not match.
 */
export function asTranslate(t: ReturnType<typeof useT>): Translate {
  return (text, values) => (values ? t(text, values) : t(text));
}
