import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import { CurrencySelect } from '../../components/currency-select';
import { DateField } from '../../components/date-input';
import { dayProblem, typedTags } from '../../components/form-rules';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { LicenseType } from '../../../../shared/schemas/licensing';
import { api, errorMessage } from '../../app/api';
import { useCompanyCurrency } from '../../app/company-currency';
import { notify } from '../../app/notifications';
import { useApi } from '../../app/resources';
import { type PickedRecord, pickerSource, RecordPicker } from '../../components/record-picker';
import { AssetRows, type AssetDraft, ContactRows, type ContactDraft, rowKey } from './license-rows';
import { type License, PARTY_WORD, TYPE_WORDS } from './licensing-api';

/** The form's text fields, each with its words for the licence's type (the other party, and what only one type has). */
const TEXT_FIELDS = [
  ['licensee_name', (party: string) => `${party} name`],
  ['licensee_address', (party: string) => `${party} address`],
  ['licensee_phone', (party: string) => `${party} phone`],
  ['licensee_country', (party: string) => `${party} country (two letters, e.g. GB)`],
  ['licensee_vat_number', (party: string) => `${party} VAT number (optional)`],
  ['usage', () => 'Usage (the film, ad, game or record it is used in)'],
  ['territory', () => 'Territory'],
  ['term', () => 'Term'],
  ['credit', () => 'Credit'],
  ['fee', () => 'Fee'],
  ['fee_currency', () => 'Fee currency'],
  ['advance_fee', () => 'Advance fee'],
  ['invoice_due_days', () => 'Days to pay the invoice'],
  [
    'report_every_months',
    (party: string) =>
      party === 'Licensee'
        ? 'The licensee reports every … months (blank: no reports)'
        : 'We report our use to the licensor every … months (blank: no reports)',
  ],
] as const;
const DATE_FIELDS = [
  ['initial_contact_date', 'Initial contact date'],
  ['proposal_date', 'Proposal date'],
  ['signed_date', 'Signed date'],
  ['advance_paid_date', 'Advance paid date'],
  ['license_start_date', 'Licence start date'],
  ['license_end_date', 'Licence end date'],
] as const;
type Field = (typeof TEXT_FIELDS)[number][0] | (typeof DATE_FIELDS)[number][0] | 'contract_data' | 'tags';
/**
 * What a field of an outgoing licence is for, where its name does not say: the licensee's VAT number is optional until
 * the invoice falls under the reverse charge, which the API then refuses to issue without it.
 */
const OUTGOING_DESCRIPTIONS: Partial<Record<Field, string>> = {
  licensee_vat_number: 'Needed on an invoice under the reverse charge (a business customer in another EU country)',
};

function draftOf(license: License | undefined): Record<Field, string> {
  const value = (v: unknown) => (v === undefined || v === null ? '' : String(v));
  const draft = {} as Record<Field, string>;
  for (const [field] of [...TEXT_FIELDS, ...DATE_FIELDS]) draft[field] = value(license?.[field]);
  draft.contract_data = value(license?.contract_data);
  draft.tags = (license?.tags ?? []).join(', ');
  return draft;
}

/** New incoming, new outgoing, or the edit of a licence (with `:id`): every field the licence keeps. */
export function LicenseFormPage({ type }: { type?: LicenseType }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const currency = useCompanyCurrency();
  const existing = useApi<{ license: License }>(id ? `/licenses/${id}` : null);
  const license = existing.data?.license;
  const [draft, setDraft] = useState<Record<Field, string>>(draftOf(undefined));
  const [label, setLabel] = useState<PickedRecord | null>(null);
  const [assets, setAssets] = useState<AssetDraft[]>([]);
  const [contacts, setContacts] = useState<ContactDraft[]>([]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!license) return;
    setDraft(draftOf(license));
    setLabel(license.label_id ? { id: license.label_id, name: license.label ?? '' } : null);
    setAssets(license.assets.map((a) => ({ ...a, key: rowKey(), name: a.title ?? '' })));
    setContacts(
      license.contacts.map((c) => ({ key: rowKey(), name: c.name, email: c.email ?? '', phone: c.phone ?? '' })),
    );
  }, [license]);
  useEffect(() => {
    if (!id && currency) setDraft((d) => (d.fee_currency ? d : { ...d, fee_currency: currency }));
  }, [id, currency]);
  const licenceType = license?.type ?? type ?? 'outgoing';
  const set = (field: Field) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const err = (field: string) =>
    Object.entries(errors)
      .filter(([key]) => key === field || key.startsWith(`${field}.`))
      .flatMap(([, texts]) => texts)
      .join(' ') || undefined;

  const save = async () => {
    // A day that does not exist is refused here, in the form's words, before anything is sent.
    const wrongDays: Record<string, string[]> = {};
    for (const [field, words] of DATE_FIELDS) {
      const problem = dayProblem(words, draft[field]);
      if (problem) wrongDays[field] = [problem];
    }
    if (Object.keys(wrongDays).length) {
      setErrors(wrongDays);
      return;
    }
    setSaving(true);
    const body: Record<string, unknown> = {
      ...Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim() !== '' || id)),
      tags: typedTags(draft.tags),
      label_id: label?.id ?? (id ? '' : undefined),
      assets: assets.map(({ asset_type, asset_id, split }) => ({ asset_type, asset_id, split })),
      contacts: contacts
        .filter((c) => c.name || c.email || c.phone)
        .map(({ name, email, phone }) => ({ name, email, phone })),
    };
    for (const [field] of DATE_FIELDS) if (!draft[field]) delete body[field];
    if (!draft.invoice_due_days) delete body.invoice_due_days;
    if (!draft.report_every_months) delete body.report_every_months;
    if (license && ['invoiced', 'paid'].includes(license.status))
      for (const field of ['fee', 'fee_currency', 'assets']) delete body[field];
    try {
      const answer = id
        ? await api.patch<{ license: License; message: string }>(`/licenses/${id}`, body)
        : await api.post<{ license: License; message: string }>('/licenses', { type: licenceType, ...body });
      notify('notification', answer.message);
      navigate(`/user/licensing/${answer.license.id}`);
    } catch (failure) {
      setErrors((failure as { errors?: Record<string, string[]> }).errors ?? {});
      notify('error', errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  const title = id ? 'Edit licence' : type === 'incoming' ? 'New incoming licence' : 'New outgoing licence';
  const party = PARTY_WORD[licenceType];
  // We invoice only an outgoing licence's licensee: an incoming licence has no invoice, so no days to pay one.
  const fields = TEXT_FIELDS.filter(([field]) => field !== 'invoice_due_days' || licenceType === 'outgoing');
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={TYPE_WORDS[licenceType]}>
          {title}
        </Header>
      }
    >
      <Form
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={() => navigate(id ? `/user/licensing/${id}` : '/user/licensing')}>
              Cancel
            </Button>
            <Button variant="primary" loading={saving} data-testid="license-save" onClick={() => void save()}>
              {id ? 'Save licence' : 'Create licence'}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          <Container header={<Header variant="h2">{`${party} and terms`}</Header>}>
            <ColumnLayout columns={2}>
              <FormField label="Label" errorText={err('label_id')}>
                <RecordPicker
                  source={pickerSource('labels')}
                  value={label}
                  onChange={setLabel}
                  testId="license-label"
                />
              </FormField>
              {fields.map(([field, words]) => (
                <FormField
                  key={field}
                  label={words(party)}
                  description={licenceType === 'outgoing' ? OUTGOING_DESCRIPTIONS[field] : undefined}
                  errorText={err(field)}
                >
                  {field === 'fee_currency' ? (
                    <CurrencySelect value={draft[field]} onChange={set(field)} testId={`license-${field}`} />
                  ) : (
                    <Input
                      data-testid={`license-${field}`}
                      value={draft[field]}
                      onChange={({ detail }) => set(field)(detail.value)}
                    />
                  )}
                </FormField>
              ))}
              <FormField label="Tags (separated by commas)" errorText={err('tags')}>
                <Input
                  data-testid="license-tags"
                  value={draft.tags}
                  onChange={({ detail }) => set('tags')(detail.value)}
                />
              </FormField>
              {DATE_FIELDS.map(([field, words]) => (
                <DateField
                  key={field}
                  label={words}
                  value={draft[field]}
                  onChange={set(field)}
                  error={err(field)}
                  testId={`license-${field}`}
                />
              ))}
            </ColumnLayout>
          </Container>
          <AssetRows rows={assets} onChange={setAssets} errorText={err('assets')} />
          <ContactRows rows={contacts} onChange={setContacts} errorText={err('contacts')} />
          <Container header={<Header variant="h2">Contract text</Header>}>
            <FormField stretch errorText={err('contract_data')}>
              <Textarea
                rows={6}
                value={draft.contract_data}
                onChange={({ detail }) => set('contract_data')(detail.value)}
              />
            </FormField>
          </Container>
        </SpaceBetween>
      </Form>
    </ContentLayout>
  );
}

export const NewIncomingLicensePage = () => <LicenseFormPage type="incoming" />;
export const NewOutgoingLicensePage = () => <LicenseFormPage type="outgoing" />;
