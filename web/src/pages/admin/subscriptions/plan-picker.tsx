import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import { useSubscriptions } from './subscription-api';
import { priceText } from './subscription-model';

/**
 * The admin company form's plan picker (GET /subscriptions). Saving sets the company's plan with an
 * admin-assigned subscription (functions/plans/company-plan.ts); blank keeps what it has.
 */
export function PlanPicker({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (planId: string) => void;
  error?: string;
}) {
  const { data, isLoading } = useSubscriptions();
  const options = (data?.subscriptions ?? []).map((plan) => ({
    value: plan.id,
    label: plan.name,
    description: `${priceText(plan)}${plan.public ? '' : ' · admin only'}`,
  }));
  return (
    <FormField
      label="Subscription plan"
      description="What the company may use. A company an admin creates is on Enterprise unless another plan is chosen."
      errorText={error}
      data-testid="company-field-subscription_id"
    >
      <Select
        selectedOption={options.find((o) => o.value === value) ?? null}
        options={options}
        statusType={isLoading ? 'loading' : 'finished'}
        placeholder="Enterprise (default)"
        onChange={({ detail }) => onChange(detail.selectedOption.value ?? '')}
      />
    </FormField>
  );
}
