import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import { useState } from 'react';
import { formatDate } from '../../../../shared/format';
import { api, errorMessage } from '../../app/api';
import { notify } from '../../app/notifications';
import { ConfirmActionModal } from '../../components/confirm-action-modal';
import { fieldErrorsOf } from '../money/statements/use-period-form';
import type { License } from './licensing-api';
import { usePermits } from '../../app/use-may-open';

/** When and to whom a document was mailed, in words ("ann@film.example on 5th Dec 2026"), or '' if never. */
export function mailedWords(license: License, number: string): string {
  return license.documents_mailed
    .filter((m) => m.number === number)
    .map((m) => `${m.to.join(', ')} on ${formatDate(m.at)}`)
    .join('; ');
}

/**
 * "Send by e-mail": mails one of the licence's invoices or credit notes, its PDF attached, to the licence's contacts
 * chosen (all of them to begin with). Only a contact's address can be chosen: to mail someone else, add them to the
 * licence's contacts first.
 */
export function MailDocumentButton({
  license,
  number,
  onChanged,
  inline = false,
}: {
  license: License;
  number: string;
  onChanged: (l: License) => void;
  /** A link-like button, for a table's cell. */
  inline?: boolean;
}) {
  const options: MultiselectProps.Option[] = license.contacts.flatMap((c) =>
    c.email ? [{ label: c.name, description: c.email, value: c.email }] : [],
  );
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<readonly MultiselectProps.Option[]>(options);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // Mailing an invoice or a credit note is money.write (POST /licenses/{id}/mail).
  const mayMail = usePermits('money.write');
  const send = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const to = chosen.flatMap((o) => (o.value ? [o.value] : []));
      const answer = await api.post<{ license: License; message: string }>(`/licenses/${license.id}/mail`, {
        number,
        to,
      });
      notify('notification', answer.message);
      setOpen(false);
      onChanged(answer.license);
    } catch (failure) {
      const field = fieldErrorsOf(failure)?.to;
      if (field && options.length) setError(field);
      else notify('error', errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  if (!mayMail) return null;
  return (
    <>
      <Button
        data-testid={`license-mail-${number}`}
        variant={inline ? 'inline-link' : 'normal'}
        onClick={() => {
          // Every contact the licence has now, each time the dialog opens.
          setChosen(options);
          setError(undefined);
          setOpen(true);
        }}
      >
        Send by e-mail
      </Button>
      {open ? (
        <ConfirmActionModal
          header={`Send ${number} by e-mail?`}
          confirmText="Send"
          busy={busy}
          onCancel={() => setOpen(false)}
          onConfirm={() => void send()}
          confirmTestId="license-mail-confirm"
          cancelTestId="license-mail-cancel"
        >
          {options.length ? (
            <FormField label="To" description="The licence's contacts, each mailed the PDF" errorText={error}>
              <Multiselect
                data-testid="license-mail-to"
                selectedOptions={chosen}
                options={options}
                placeholder="Choose contacts"
                onChange={({ detail }) => setChosen(detail.selectedOptions)}
              />
            </FormField>
          ) : (
            <Box data-testid="license-mail-no-contacts">
              This licence has no contact with an e-mail: edit the licence and add the licensee's contacts first.
            </Box>
          )}
        </ConfirmActionModal>
      ) : null}
    </>
  );
}
