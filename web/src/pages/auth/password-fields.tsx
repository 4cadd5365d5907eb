import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { password as passwordRule } from '../../../../shared/schemas/auth';
import { VALIDATION } from '../../../../shared/messages';

export type PasswordPair = { password: string; password_confirmation: string };

/** The shared password rule (the Cognito policy) and the confirmation match. */
export function validatePasswordPair(values: PasswordPair): Record<string, string> {
  const errors: Record<string, string> = {};
  const checked = passwordRule.safeParse(values.password);
  if (!values.password) errors.password = VALIDATION.required('Password');
  else if (!checked.success) errors.password = checked.error.issues[0]?.message ?? 'Password is not strong enough';
  if (values.password_confirmation !== values.password) errors.password_confirmation = VALIDATION.confirmed;
  return errors;
}

export function PasswordFields({
  values,
  errors,
  onChange,
  testIdPrefix,
}: {
  values: PasswordPair;
  errors: Record<string, string>;
  onChange: (values: PasswordPair) => void;
  testIdPrefix: string;
}) {
  return (
    <>
      <FormField
        label="New password"
        errorText={errors.password}
        constraintText="At least 8 characters with a lower-case letter, an upper-case letter and a digit."
      >
        <Input
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={({ detail }) => onChange({ ...values, password: detail.value })}
          nativeInputAttributes={{ 'data-testid': `${testIdPrefix}-password` }}
        />
      </FormField>
      <FormField label="Confirm password" errorText={errors.password_confirmation}>
        <Input
          type="password"
          autoComplete="new-password"
          value={values.password_confirmation}
          onChange={({ detail }) => onChange({ ...values, password_confirmation: detail.value })}
          nativeInputAttributes={{ 'data-testid': `${testIdPrefix}-password-confirmation` }}
        />
      </FormField>
    </>
  );
}
