import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { mustConfirmLeaving } from './form-guard-rules';

/**
 * Asks before a form with unsaved changes is left: a page of the SPA (menu, links, back) through
 * the router's blocker and this modal, a reload or a closed tab through the browser's own prompt.
 */
export function UnsavedChangesGuard({
  hasChanges,
  saving,
  testId,
}: {
  /**
   * Whether the form holds changes not saved, asked at the moment someone leaves. A function
   * rather than a value: marking a form changed must not re-render it while the browser is still
   * delivering the keystroke (a state update in the form's capture phase lost the first edit).
   */
  hasChanges: () => boolean;
  saving: boolean;
  testId: string;
}) {
  const current = useRef({ hasChanges, saving });
  current.current = { hasChanges, saving };
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    mustConfirmLeaving({
      dirty: current.current.hasChanges(),
      saving: current.current.saving,
      from: currentLocation.pathname,
      to: nextLocation.pathname,
    }),
  );

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!current.current.hasChanges() || current.current.saving) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  if (blocker.state !== 'blocked') return null;
  return (
    <Modal
      visible
      onDismiss={() => blocker.reset()}
      header="Leave this page?"
      data-testid={`${testId}-leave-modal`}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={() => blocker.reset()} data-testid={`${testId}-leave-stay`}>
              Stay and keep editing
            </Button>
            <Button variant="primary" onClick={() => blocker.proceed()} data-testid={`${testId}-leave-confirm`}>
              Leave without saving
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      You have changes on this form that are not saved. If you leave, they are lost.
    </Modal>
  );
}
