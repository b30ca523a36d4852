import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMING } from '../../../core/decisions';

export const STEPS = ['retrieve', 'upload', 'submit', 'view'] as const;
export type Step = (typeof STEPS)[number];

/** The wizard's step; a change shows after the spec's 500 ms (section 4), so the tracker moves calmly. */
export function useStepper(initial: Step | null) {
  const [step, setStep] = useState<Step | null>(initial);
  const [moving, setMoving] = useState<Step | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (step === null && initial !== null) setStep(initial);
  }, [initial, step]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const goTo = useCallback((next: Step) => {
    if (timer.current) clearTimeout(timer.current);
    setMoving(next);
    timer.current = setTimeout(() => {
      setStep(next);
      setMoving(null);
    }, TIMING.wizardStepDelayMs);
  }, []);

  return { step, index: step ? STEPS.indexOf(step) : 0, moving, goTo };
}
