/** The /empower steps in order (spec section 2); 'submit' is the upload modal once files are picked. */
export const EMPOWER_STEPS = [
  { key: 'retrieve', label: 'Retrieve', description: 'Ask your clinic for the images' },
  { key: 'upload', label: 'Upload', description: 'Choose the four files' },
  { key: 'submit', label: 'Submit', description: 'Agree to the terms and send' },
  { key: 'processing', label: 'Processing', description: 'The images are analysed' },
  { key: 'result', label: 'Result', description: 'Read your scores' },
] as const;

export type EmpowerStep = (typeof EMPOWER_STEPS)[number]['key'];
export type EmpowerPage = Exclude<EmpowerStep, 'submit'>;
export const EMPOWER_PAGES: readonly EmpowerPage[] = ['retrieve', 'upload', 'processing', 'result'];

export function stepIndex(step: EmpowerStep): number {
  return EMPOWER_STEPS.findIndex((s) => s.key === step);
}
