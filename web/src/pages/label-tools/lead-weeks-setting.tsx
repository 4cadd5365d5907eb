import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { api, ApiError } from '../../app/api';
import { useInvalidate } from '../../app/invalidate';
import { notify } from '../../app/notifications';
import { useApi } from '../../app/resources';

const SETTINGS = '/distribution/marketing_settings';

/**
 * How many weeks before release the team wants a pitch: the pitch forms say it and refuse a release date sooner. Set
 * here by the team, above the requests it governs.
 */
export function LeadWeeksSetting() {
  const { data } = useApi<{ lead_weeks: number }>(SETTINGS);
  const refresh = useInvalidate(SETTINGS);
  // What is typed; null until the admin types, so the stored value shows once read.
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const value = typed ?? (data ? String(data.lead_weeks) : '');
  const save = async () => {
    setError(undefined);
    const weeks = Number(value);
    if (value.trim() === '' || !Number.isInteger(weeks)) return setError('Weeks must be a whole number');
    setBusy(true);
    try {
      const answer = await api.patch<{ message?: string }>(SETTINGS, { lead_weeks: weeks });
      await refresh();
      setTyped(null);
      notify('notification', answer.message ?? 'Saved');
    } catch (failure) {
      const text = failure instanceof ApiError ? (failure.errors?.lead_weeks?.[0] ?? failure.message) : String(failure);
      setError(text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Container header={<Header variant="h2">Pitch lead time</Header>}>
      <SpaceBetween direction="horizontal" size="s" alignItems="end">
        <FormField
          label="Weeks before release"
          description="Labels must pitch at least this long before the release date (0 to 26)."
          errorText={error}
        >
          <Input
            type="number"
            inputMode="numeric"
            value={value}
            onChange={({ detail }) => setTyped(detail.value)}
            data-testid="lead-weeks"
          />
        </FormField>
        <Button onClick={() => void save()} loading={busy} disabled={!data} data-testid="lead-weeks-save">
          Save
        </Button>
      </SpaceBetween>
    </Container>
  );
}
