import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../../app/session';
import { PickerCompanyContext } from '../../../components/record-picker';
import { ReferenceFieldInput } from './reference-field-input';
import type { FieldValue, FormValues, ReferenceConfig, ReferenceField } from './reference-types';

/**
 * Which fields a form shows: quick-add modals leave out the switches a user context must not
 * set, and admin-feature parts (a distributor's DSP management) need admin features on.
 */
export function useVisibleFields(quickAdd: boolean, config?: ReferenceConfig) {
  const { user, adminFeatures } = useSession();
  const adminMode = user?.role === 'admin' && adminFeatures;
  // A company's record on an admin page: the company is chosen there; files upload from the company's own pages.
  const acrossCompanies = Boolean(config?.tenant && config.endpoint && !config.endpoint.companyScoped);
  return useCallback(
    (field: ReferenceField) =>
      !(quickAdd && field.hideInQuickAdd) &&
      !(field.adminFeature && !adminMode) &&
      !(field.adminArea && !acrossCompanies) &&
      !(field.kind === 'file' && config?.tenant && acrossCompanies),
    [quickAdd, adminMode, acrossCompanies, config?.tenant],
  );
}

/** Opened at #field-<name> (a metadata finding's link): the field is scrolled to, once the form is there. */
function useScrollToField() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash.startsWith('#field-')) return;
    const scroll = () =>
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'center' });
    // After the shell's own scroll to the top of a new page, and again once the pickers' names have loaded.
    const timers = [50, 600, 1500].map((ms) => setTimeout(scroll, ms));
    return () => timers.forEach(clearTimeout);
  }, [hash]);
}

function CurrentCompanyField() {
  const { company } = useSession();
  return (
    <FormField label="Company" description="Records are kept in the current company.">
      <Input
        value={company?.name ?? ''}
        disabled
        ariaLabel="Company"
        nativeInputAttributes={{ 'data-testid': 'ref-field-company' }}
      />
    </FormField>
  );
}

/** A config's fields: the plain ones in two columns, each section (and each set of nested rows) in its own container. */
export function ReferenceFormFields({
  config,
  values,
  errors,
  visible,
  onChange,
}: {
  config: ReferenceConfig;
  values: FormValues;
  errors: Record<string, string>;
  visible: (field: ReferenceField) => boolean;
  onChange: (name: string, value: FieldValue) => void;
}) {
  useScrollToField();
  const shown = config.fields.filter(visible);
  // Each field is an anchor (#field-<name>): the metadata check's findings link to the field to fix.
  const input = (field: ReferenceField) => (
    <div key={field.name} id={`field-${field.name}`} className="field-anchor">
      <ReferenceFieldInput
        config={config}
        field={field}
        value={values[field.name]}
        form={values}
        error={errors[field.name]}
        errors={errors}
        onChange={(value) => onChange(field.name, value)}
      />
    </div>
  );
  const main = shown.filter((f) => !f.section && f.kind !== 'rows');
  // On a company's own pages the record belongs to the current company: the company is shown,
  // disabled; admins choose it on the admin pages.
  const companyShown = Boolean(config.tenant && config.endpoint?.companyScoped);
  // On admin pages a company's record links to that company's records: pickers search there.
  const chosenCompany =
    config.tenant && !config.endpoint?.companyScoped
      ? ((values.tenant_id as { id?: string } | null)?.id ?? undefined)
      : undefined;
  const groups: [string, ReferenceField[]][] = [];
  for (const field of shown.filter((f) => f.section || f.kind === 'rows')) {
    const title = field.section ?? field.label;
    const group = groups.find(([name]) => name === title);
    if (group) group[1].push(field);
    else groups.push([title, [field]]);
  }
  return (
    <PickerCompanyContext.Provider value={chosenCompany}>
      <SpaceBetween size="l">
        {main.length ? (
          <Container header={<Header variant="h2">{config.notice}</Header>}>
            <ColumnLayout columns={2}>
              {companyShown ? <CurrentCompanyField /> : null}
              {main.map(input)}
            </ColumnLayout>
          </Container>
        ) : null}
        {groups.map(([title, fields]) => (
          <Container
            key={title}
            header={<Header variant="h2">{title}</Header>}
            data-testid={`ref-section-${title.toLowerCase().replace(/\W+/g, '-')}`}
          >
            {fields.every((f) => f.kind === 'rows') ? (
              <SpaceBetween size="m">{fields.map(input)}</SpaceBetween>
            ) : (
              <ColumnLayout columns={2}>{fields.map(input)}</ColumnLayout>
            )}
          </Container>
        ))}
      </SpaceBetween>
    </PickerCompanyContext.Provider>
  );
}
