import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';

/** One step of a guided tour: the form control it points at (its data-testid) and what to say. */
export type TourStep = { target: string; title: string; text: string };

/**
 * A guided tour through a form: one step at a time, the control it is
 * about scrolled into view and outlined, with Back, Next and End.
 */
export function GuidedTour({ steps, onEnd }: { steps: readonly TourStep[]; onEnd: () => void }) {
  const [index, setIndex] = useState(0);
  const step = steps[index];
  useEffect(() => {
    const element = document.querySelector<HTMLElement>(`[data-testid="${step.target}"]`);
    if (!element) return undefined;
    element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    element.classList.add('tour-highlight');
    return () => element.classList.remove('tour-highlight');
  }, [step]);
  const last = index === steps.length - 1;
  return (
    <div className="guided-tour" data-testid="guided-tour" data-step={index + 1}>
      <Alert
        type="info"
        header={`Step ${index + 1} of ${steps.length}: ${step.title}`}
        action={
          <SpaceBetween direction="horizontal" size="xs">
            <Button
              formAction="none"
              disabled={index === 0}
              onClick={() => setIndex((i) => i - 1)}
              data-testid="tour-back"
            >
              Back
            </Button>
            <Button
              formAction="none"
              variant="primary"
              onClick={() => (last ? onEnd() : setIndex((i) => i + 1))}
              data-testid="tour-next"
            >
              {last ? 'Finish' : 'Next'}
            </Button>
          </SpaceBetween>
        }
        dismissible
        dismissAriaLabel="End the tour"
        onDismiss={onEnd}
      >
        {step.text}
      </Alert>
    </div>
  );
}
