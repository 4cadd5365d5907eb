import { useState } from 'react';
import { ApiError } from '../app/api';
import { notify } from '../app/notifications';
import { formatDaysIn } from '../../../shared/format';
import { serverFieldErrors } from './form-rules';

/**
 * The submit cycle forms share: validate on the client (per-field messages), send, and on
 * failure put the server's field errors back on the fields and show its message inline and as
 * an error notification. A day the server's words name (stored as 2026-12-09: "choose 2026-12-09 or later") is
 * shown as the pages show days ("9th Dec 2026"). `submitting` stays true after success so the form cannot be sent
 * twice while the page moves on.
 */
export function useFormSubmit<T>(options: {
  validate: () => Record<string, string>;
  send: () => Promise<T>;
  onSuccess: (answer: T) => void | Promise<void>;
  /** The form field an API error names, where the two differ (`logo_key` → `logo`). */
  fieldOf?: (apiField: string) => string;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    const found = options.validate();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setSubmitting(true);
    try {
      await options.onSuccess(await options.send());
    } catch (error) {
      if (error instanceof ApiError) {
        const fieldOf = options.fieldOf ?? ((field: string) => field);
        setErrors(
          Object.fromEntries(
            Object.entries(serverFieldErrors(error.errors)).map(([field, text]) => [
              fieldOf(field),
              formatDaysIn(text),
            ]),
          ),
        );
      }
      const text = formatDaysIn(error instanceof Error ? error.message : String(error));
      setFailure(text);
      notify('error', text);
      setSubmitting(false);
    }
  };

  return { errors, failure, submitting, submit };
}
