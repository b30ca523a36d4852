import type { GetInputPropsReturnType } from '@mantine/form';
import { translateMessage } from '../lib/messages';

/**
 * For useForm's `enhanceGetInputProps`: a field's error (a message of the contract's rules, or the
 * server's) in the current language, translated as the field is drawn, so it follows the language
 * switch. The form keeps the English message; English shows it word for word.
 */
export function translatedErrors({ inputProps }: { inputProps: GetInputPropsReturnType }): { error: string } | undefined {
  return typeof inputProps.error === 'string' && inputProps.error ? { error: translateMessage(inputProps.error) } : undefined;
}
