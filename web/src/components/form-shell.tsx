import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';

type FormShellProps = {
  /** The data-testid prefix: gives `X-form`, `X-cancel` and `X-submit`. */
  testId: string;
  title: ReactNode;
  description?: ReactNode;
  /** The form-level error shown above the actions. */
  failure?: ReactNode;
  submitting: boolean;
  submitLabel: ReactNode;
  /** Called on submit; the native submit (page reload) is already prevented. */
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
};

/**
 * The new/edit form frame every record form shares: a native `<form>` (so Enter submits),
 * an h1 header, the error text, and Cancel / submit buttons. One place keeps the buttons,
 * their order and their test ids the same on every form.
 */
export function FormShell({ testId, title, description, failure, submitting, submitLabel, onSubmit, onCancel, children }: FormShellProps) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
      data-testid={`${testId}-form`}
    >
      <Form
        header={<Header variant="h1" description={description}>{title}</Header>}
        errorText={failure}
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
        {children}
      </Form>
    </form>
  );
}
