import Alert from '@cloudscape-design/components/alert';
import Link from '@cloudscape-design/components/link';
import { forwardRef } from 'react';
import type { SummaryItem } from './form-guard-rules';

/**
 * The control a field's message describes: Cloudscape ties a FormField's error text to its
 * control with aria-describedby, so the message's text finds the control whatever the field.
 */
function controlFor(form: HTMLElement, text: string): HTMLElement | null {
  for (const control of form.querySelectorAll<HTMLElement>('[aria-describedby]')) {
    const ids = control.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
    if (ids.some((id) => document.getElementById(id)?.textContent?.includes(text))) return control;
  }
  return null;
}

/** Moves to the field a message belongs to: focuses its control, or at least shows the message. */
export function focusField(form: HTMLElement | null, text: string): void {
  if (!form) return;
  const control = controlFor(form, text);
  if (control) {
    control.scrollIntoView({ block: 'center' });
    control.focus();
    return;
  }
  const shown = [...form.querySelectorAll<HTMLElement>('span, div')].find(
    (node) => node.childElementCount === 0 && node.textContent === text,
  );
  shown?.scrollIntoView({ block: 'center' });
}

type ErrorSummaryProps = { items: SummaryItem[]; testId: string; onFollow: (item: SummaryItem) => void };

/**
 * What stopped a save, beside the Save button where the user is: the form's own failure, and
 * one link per field message that moves to the field. Focus comes here after a failed submit.
 */
export const ErrorSummary = forwardRef<HTMLElement, ErrorSummaryProps>(function ErrorSummary(
  { items, testId, onFollow },
  ref,
) {
  return (
    // A region named by its title, so the summary that takes the focus is announced as what it is.
    <section
      ref={ref}
      tabIndex={-1}
      className="error-summary"
      data-testid={`${testId}-error-summary`}
      aria-labelledby={`${testId}-error-summary-title`}
    >
      <Alert
        type="error"
        header={
          <span id={`${testId}-error-summary-title`}>
            {items.length === 1 ? 'There is a problem' : `There are ${items.length} problems`}
          </span>
        }
      >
        <ul className="error-summary-list">
          {items.map((item) => (
            <li key={`${item.field ?? ''}:${item.text}`}>
              {item.field ? (
                <Link
                  href={`#${item.field}`}
                  onFollow={(event) => {
                    event.preventDefault();
                    onFollow(item);
                  }}
                  data-testid={`${testId}-error-link-${item.field}`}
                >
                  {item.text}
                </Link>
              ) : (
                item.text
              )}
            </li>
          ))}
        </ul>
      </Alert>
    </section>
  );
});
