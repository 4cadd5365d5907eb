import FormField from '@cloudscape-design/components/form-field';
import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../app/api';
import { searchUsers } from './notice-api';
import { userOption, type UserOption } from './notice-model';

type Props = { value: UserOption[]; error?: string; onChange: (users: UserOption[]) => void };

/** The recipients picker: users found on the server by name or email as the admin types. */
export function RecipientsField({ value, error, onChange }: Props) {
  const [options, setOptions] = useState<UserOption[]>([]);
  const [status, setStatus] = useState<NonNullable<MultiselectProps['statusType']>>('pending');
  const [loadError, setLoadError] = useState('');
  // Only the latest search may answer: an earlier, slower one must not overwrite its options.
  const request = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  const load = async (q: string) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setStatus('loading');
    try {
      const answer = await searchUsers(q, controller.signal);
      if (controller.signal.aborted) return;
      setOptions(answer.users.map(userOption));
      setStatus('finished');
    } catch (failure) {
      if (controller.signal.aborted) return;
      setLoadError(errorMessage(failure));
      setStatus('error');
    }
  };

  return (
    <FormField label="Users" description="Who receives the notice." errorText={error} data-testid="notice-field-users">
      <Multiselect
        selectedOptions={value}
        onChange={({ detail }) =>
          onChange(detail.selectedOptions.map((o) => ({ value: o.value ?? '', label: o.label ?? '' })))
        }
        options={options}
        filteringType="manual"
        statusType={status}
        loadingText="Finding users"
        errorText={loadError || 'Could not load users'}
        recoveryText="Retry"
        finishedText={options.length ? 'End of results' : 'No users found'}
        empty="No users found"
        onLoadItems={({ detail }) => {
          // One page of matches is enough for a picker: scrolling to the end asks for nothing more.
          if (!detail.firstPage && !detail.samePage) return;
          clearTimeout(timer.current);
          // Typing waits 300 ms like the table searches; opening or retrying asks at once.
          timer.current = setTimeout(
            () => void load(detail.filteringText),
            detail.filteringText && !detail.samePage ? 300 : 0,
          );
        }}
        placeholder="Choose users"
        filteringPlaceholder="Search users by name or email"
        ariaLabel="Users"
        invalid={Boolean(error)}
        tokenLimit={5}
        i18nStrings={{ tokenLimitShowMore: 'Show more', tokenLimitShowFewer: 'Show fewer' }}
      />
    </FormField>
  );
}
