import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useRef, type ReactNode, type SyntheticEvent } from 'react';
import { ErrorSummary, focusField } from './error-summary';
import { errorSummary } from './form-guard-rules';
import { UnsavedChangesGuard } from './unsaved-changes';

type FormShellProps = {
  /** The data-testid prefix: gives `X-form`, `X-cancel`, `X-submit` and `X-error-summary`. */
  testId: string;
  title: ReactNode;
  description?: ReactNode;
  /**
   * The form is one part of a page under the page's own heading: its title is a section heading, not a second page
   * heading. Without it the form is the page and its title the page's heading.
   */
  section?: boolean;
  /** The form-level error, shown in the error summary above the actions. */
  failure?: string | null;
  /** The fields' messages, each listed in the error summary with a link to its field. */
  errors?: Readonly<Record<string, string | undefined>>;
  /**
   * Whether the form holds changes not saved. Left out, the shell counts any edit made in the
   * form (typing, ticking, choosing an option) as a change.
   */
  dirty?: boolean;
  submitting: boolean;
  submitLabel: ReactNode;
  /** Called on submit; the native submit (page reload) is already prevented. */
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
};

/**
 * The new/edit form frame every record form shares: a native `<form>` (so Enter submits), an h1
 * header, Cancel / submit buttons, an error summary beside them that takes the focus when a
 * submit fails, and a confirmation before leaving with unsaved changes. One place keeps these
 * the same on every form.
 */
export function FormShell({
  testId,
  title,
  description,
  section,
  failure,
  errors = {},
  dirty,
  submitting,
  submitLabel,
  onSubmit,
  onCancel,
  children,
}: FormShellProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const focusPending = useRef(false);
  /** A submit under way: a save that succeeds moves on without asking to leave (reset by an answer with problems). */
  const submitted = useRef(false);
  /** Any edit made in the form (typing, ticking, choosing an option); a ref, so marking it re-renders nothing. */
  const edited = useRef(false);
  const items = errorSummary(errors, failure);

  // After a submit, the first answer that has problems moves the focus to their summary.
  // biome-ignore lint/correctness/useExhaustiveDependencies: errors and failure are the triggers: each new answer to a submit (a new errors object or failure) applies a pending focus, even when the number of problems is unchanged.
  useEffect(() => {
    if (items.length) submitted.current = false;
    if (!focusPending.current || !items.length) return;
    focusPending.current = false;
    summaryRef.current?.focus();
  }, [errors, failure, items.length]);

  const markEdited = (event: SyntheticEvent) => {
    const target = event.target as HTMLElement;
    if (!target.closest('[role="option"], input, textarea, select')) return;
    edited.current = true;
    submitted.current = false;
  };

  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        event.preventDefault();
        focusPending.current = true;
        submitted.current = true;
        onSubmit();
      }}
      onInputCapture={markEdited}
      onChangeCapture={markEdited}
      onClickCapture={(event) => {
        if ((event.target as HTMLElement).closest('[role="option"]')) edited.current = true;
      }}
      noValidate
      data-testid={`${testId}-form`}
    >
      <UnsavedChangesGuard
        hasChanges={() => (dirty ?? edited.current) && !submitted.current}
        saving={submitting}
        testId={testId}
      />
      <Form
        header={
          <Header variant={section ? 'h2' : 'h1'} description={description}>
            {title}
          </Header>
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={onCancel} data-testid={`${testId}-cancel`}>
              Cancel
            </Button>
            <Button variant="primary" formAction="submit" loading={submitting} data-testid={`${testId}-submit`}>
              {submitLabel}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {children}
          {items.length ? (
            <ErrorSummary
              ref={summaryRef}
              items={items}
              testId={testId}
              onFollow={(item) => focusField(formRef.current, item.text)}
            />
          ) : null}
        </SpaceBetween>
      </Form>
    </form>
  );
}
