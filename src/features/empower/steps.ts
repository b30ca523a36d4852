import { msg } from '../../../core/i18n';

/**
 * The /empower steps in order (spec section 2); 'submit' is the upload modal once files are picked.
 * Labels and descriptions in English; translated when shown.
 */
export const EMPOWER_STEPS = [
  { key: 'retrieve', label: msg('Retrieve'), description: msg('Ask your clinic for the images') },
  { key: 'upload', label: msg('Upload'), description: msg('Choose the four files') },
  { key: 'submit', label: msg('Submit'), description: msg('Agree to the terms and send') },
  { key: 'processing', label: msg('Processing'), description: msg('The images are analysed') },
  { key: 'result', label: msg('Result'), description: msg('Read your scores') },
] as const;

export type EmpowerStep = (typeof EMPOWER_STEPS)[number]['key'];
export type EmpowerPage = Exclude<EmpowerStep, 'submit'>;
export const EMPOWER_PAGES: readonly EmpowerPage[] = ['retrieve', 'upload', 'processing', 'result'];

export function stepIndex(step: EmpowerStep): number {
  return EMPOWER_STEPS.findIndex((s) => s.key === step);
}
