import { useState } from 'react';
import { ApiError } from '../../../app/api';
import { clearNotificationSaying, notify, notifyError } from '../../../app/notifications';
import { MESSAGES } from '../../../../../shared/messages';
import { chosenPeriods, periodProblem } from './statement-model';

/** A server's field errors as one text per field, for FormField errorText. */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || !error.errors) return null;
  return Object.fromEntries(Object.entries(error.errors).map(([field, texts]) => [field, texts.join(' ')]));
}

/**
 * The state of a form that states some periods (a run, one account's statement): the chosen
 * months, field errors and a busy flag. Submitting with no period shows the product's message and
 * makes no call; otherwise `send` gets the periods, and a refusal's field errors show.
 */
export function usePeriodForm(send: (periods: ReturnType<typeof chosenPeriods>) => Promise<void>) {
  const [period, setPeriod] = useState({ start: '', end: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const problem = periodProblem(period.start, period.end);
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      notify('error', problem.message);
      return;
    }
    setErrors({});
    // The periods are chosen now: the message asking for them goes with its field error.
    clearNotificationSaying(MESSAGES.chooseStatementPeriods);
    setBusy(true);
    try {
      await send(chosenPeriods(period.start, period.end));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors(fields);
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return { period, setPeriod, errors, busy, submit };
}
