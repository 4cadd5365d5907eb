import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useMatch, useParams } from 'react-router';
import { formatDate } from '../../../../shared/format';
import { LAST_MAILED_PROMOS, MAX_REPORTED_CSV_PROBLEMS, memberUpdate } from '../../../../shared/schemas/promos';
import { ConfirmActionModal } from '../../components/confirm-action-modal';
import { Permitted } from '../../components/permitted';
import { usePermits } from '../../app/use-may-open';
import { api, errorMessage } from '../../app/api';
import { displayLabel } from '../../app/display-labels';
import { notify, notifyError } from '../../app/notifications';
import { useApi } from '../../app/resources';
import { useOnFollow } from '../../app/use-on-follow';
import { fileText } from '../../components/file-import';
import { fileUploadStrings } from '../../components/file-upload-strings';
import { zodErrors } from '../../components/form-rules';
import { WhoseFilePanel } from './whose-file-panel';
import { useFormSubmit } from '../../components/use-form-submit';
import type { MailingList, Member } from './promo-types';
import { EditDeleteLinks } from '../../components/edit-delete-links';
import { RouterLink } from '../../components/router-link';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { PageButton } from '../../components/page-button';
import { MailingListEditForm, typedListTags } from './mailing-list-edit';

const BASE = '/user/labels/promo_tools/mailing_lists';
const roleOptions = (['dj', 'press', 'radio', 'other'] as const).map((value) => ({
  value,
  label: displayLabel(value),
}));

/** `/user/labels/promo_tools` and its mailing lists: each list with its members' count, and a new list. */
export function MailingListsPage() {
  const onFollow = useOnFollow();
  const lists = useApi<{ mailing_lists: MailingList[] }>('/mailing_lists');
  const [name, setName] = useState('');
  // Making a list, and every change to one, is promotion.write (POST /mailing_lists …): a member whose role only
  // reads promos sees the lists and their members.
  const mayChange = usePermits('promotion.write');
  const { errors, submit: create } = useFormSubmit({
    validate: () => ({}),
    send: () => api.post<{ message: string }>('/mailing_lists', { name }),
    onSuccess: (made) => {
      setName('');
      notify('notification', made.message);
      void lists.mutate();
    },
  });
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="The DJs, press and radio your promos go to.">
          Mailing lists
        </Header>
      }
    >
      <SpaceBetween size="l">
        {mayChange ? (
          <Container header={<Header variant="h2">New mailing list</Header>}>
            <SpaceBetween size="s" direction="horizontal">
              <FormField label="Name" errorText={errors.name}>
                <Input value={name} onChange={(e) => setName(e.detail.value)} data-testid="list-name" />
              </FormField>
              <Box padding={{ top: 'l' }}>
                <Button onClick={create} data-testid="create-list">
                  Add mailing list
                </Button>
              </Box>
            </SpaceBetween>
          </Container>
        ) : null}
        <Table
          loading={lists.isLoading}
          items={lists.data?.mailing_lists ?? []}
          empty={
            <Box textAlign="center">
              {mayChange ? 'No mailing lists yet: name one above and choose Add mailing list' : 'No mailing lists yet'}
            </Box>
          }
          columnDefinitions={[
            {
              id: 'name',
              header: 'Name',
              cell: (l) => (
                <Link href={`${BASE}/${l.id}`} onFollow={onFollow}>
                  {l.name}
                </Link>
              ),
            },
            { id: 'members', header: 'Members', cell: (l) => String(l.member_count ?? 0) },
            { id: 'active', header: 'Active', cell: (l) => (l.active ? 'Yes' : 'No') },
          ]}
        />
        <WhoseFilePanel />
      </SpaceBetween>
    </ContentLayout>
  );
}

type ImportAnswer = {
  added: number;
  merged: number;
  refused: number;
  errors: { row: number; column: string; message: string }[];
  more_errors: number;
};

/** How many, in words: "1 problem", "3 problems". */
const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Add one member, or a CSV of them (email, name, role, country, tags): its bad rows are listed by number. */
function AddMembers({ listId, onAdded }: { listId: string; onAdded: () => void }) {
  const [member, setMember] = useState({ email: '', name: '', role: 'dj', country: '' });
  const [files, setFiles] = useState<File[]>([]);
  const [report, setReport] = useState<ImportAnswer | null>(null);
  const { errors, submit: add } = useFormSubmit({
    validate: () => ({}),
    send: () => {
      const { email, name, role, country } = member;
      return api.post(`/mailing_lists/${listId}/members`, {
        email,
        role,
        ...(name ? { name } : {}),
        ...(country ? { country } : {}),
      });
    },
    onSuccess: () => {
      setMember({ email: '', name: '', role: 'dj', country: '' });
      notify('notification', 'Member Added');
      onAdded();
    },
  });
  const csv = useFormSubmit({
    validate: () => ({}),
    send: async () =>
      api.post<ImportAnswer>(`/mailing_lists/${listId}/members_csv`, { csv: files[0] ? await fileText(files[0]) : '' }),
    onSuccess: (answer) => {
      setReport(answer);
      setFiles([]);
      notify(
        'notification',
        `${answer.added} added, ${answer.merged} merged, ${counted(answer.refused, 'row', 'rows')} not read`,
      );
      onAdded();
    },
  });
  const set = (key: keyof typeof member, value: string) => setMember((m) => ({ ...m, [key]: value }));
  return (
    <Container header={<Header variant="h2">Add members</Header>}>
      <SpaceBetween size="m">
        {/* The four fields side by side (on a narrow window, two a row). */}
        <Grid
          data-testid="add-member-fields"
          gridDefinition={[0, 1, 2, 3].map(() => ({ colspan: { default: 12, xs: 6, m: 3 } }))}
        >
          {memberFields({ values: member, set, errors, testIdPrefix: 'member' })}
        </Grid>
        <Button onClick={add} data-testid="add-member">
          Add member
        </Button>
        <FormField
          label="Members from a CSV file"
          description="Columns: email, name, role (DJ, press, radio or other), country, tags (separated by ;). An address already on the list is merged."
          errorText={csv.errors.csv}
        >
          <FileUpload
            value={files}
            onChange={(e) => setFiles(e.detail.value)}
            accept=".csv,text/csv"
            i18nStrings={fileUploadStrings({ uploadButtonText: () => 'Choose a CSV file' })}
            data-testid="members-csv"
          />
        </FormField>
        <Button onClick={csv.submit} disabled={!files.length} data-testid="upload-members">
          Import members
        </Button>
        {report && report.errors.length > 0 && (
          <Box color="text-status-error" data-testid="import-problems">
            <div>{`${counted(report.refused, 'row was', 'rows were')} not read:`}</div>
            {report.errors.map((e) => (
              <div key={`${e.row}-${e.column}`}>{`Row ${e.row}, column ${e.column}: ${e.message}`}</div>
            ))}
            {report.more_errors > 0 && (
              <div>{`…and ${counted(report.more_errors, 'more problem', 'more problems')} (the first ${MAX_REPORTED_CSV_PROBLEMS} are listed)`}</div>
            )}
          </Box>
        )}
      </SpaceBetween>
    </Container>
  );
}

type Unengaged = {
  members: { email: string; name: string | null }[];
  promos: { id: string; title: string }[];
  enough_promos: boolean;
};

/** Members who never played the label's last 3 promos, with an action to take the chosen ones off the list's sends. */
function Pruning({ listId, onPruned }: { listId: string; onPruned: () => void }) {
  const answer = useApi<Unengaged>(`/mailing_lists/${listId}/unengaged`);
  const [chosen, setChosen] = useState<Unengaged['members']>([]);
  // Taking members off the sends changes the list (promotion.write): a reader sees who they are.
  const mayChange = usePermits('promotion.write');
  const members = answer.data?.members ?? [];
  const deactivate = async () => {
    try {
      const emails = chosen.map((m) => m.email);
      notify(
        'notification',
        (await api.post<{ message: string }>(`/mailing_lists/${listId}/deactivate`, { emails })).message,
      );
      setChosen([]);
      void answer.mutate();
      onPruned();
    } catch (failure) {
      notifyError(failure);
    }
  };
  return (
    <Table
      data-testid="unengaged-members"
      loading={answer.isLoading}
      items={members}
      selectionType={mayChange ? 'multi' : undefined}
      selectedItems={chosen}
      onSelectionChange={(e) => setChosen(e.detail.selectedItems)}
      trackBy="email"
      ariaLabels={{
        selectionGroupLabel: 'Members to take off the list’s sends',
        allItemsSelectionLabel: () => 'Choose every member listed',
        itemSelectionLabel: (_selection, m) => `Choose ${m.name ?? m.email}`,
      }}
      header={
        <Header
          variant="h2"
          counter={`(${members.length})`}
          description={
            // Nothing until the answer is read: the sentence names the promos it was worked out from.
            !answer.data
              ? undefined
              : !answer.data.enough_promos
                ? 'Shown once the label has sent 3 promos.'
                : `Sent each of ${answer.data.promos.map((p) => p.title).join(', ')} and played none.`
          }
          actions={
            mayChange ? (
              <Button disabled={!chosen.length} onClick={deactivate} data-testid="deactivate-members">
                Take off the list’s sends
              </Button>
            ) : undefined
          }
        >
          Members who never played your last 3 promos
        </Header>
      }
      empty={<Box textAlign="center">Nobody</Box>}
      columnDefinitions={[
        { id: 'email', header: 'Email', cell: (m) => m.email },
        { id: 'name', header: 'Name', cell: (m) => m.name ?? '-' },
      ]}
    />
  );
}

/** A member as the page names them: their name and address, or the address alone. */
const whoIs = (m: Member) => (m.name ? `${m.name} (${m.email})` : m.email);
const memberPath = (listId: string, email: string) => `/mailing_lists/${listId}/members/${encodeURIComponent(email)}`;

/** Edits one member: address, name, role, country and tags, checked with the API's own schema before it is sent. */
function EditMember({
  listId,
  member,
  onClose,
  onSaved,
}: {
  listId: string;
  member: Member;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form, setForm] = useState({
    email: member.email,
    name: member.name ?? '',
    role: member.role,
    country: member.country ?? '',
    tags: (member.tags ?? []).join(', '),
  });
  const body = () => ({ ...form, tags: typedListTags(form.tags) });
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => {
      const checked = memberUpdate.safeParse(body());
      return checked.success ? {} : zodErrors(checked.error, body());
    },
    send: () => api.patch<{ message: string }>(memberPath(listId, member.email), body()),
    onSuccess: (saved) => {
      notify('notification', saved.message);
      onSaved();
    },
  });
  const set = (key: keyof typeof form, value: string) => setForm((f) => ({ ...f, [key]: value }));
  return (
    <ConfirmActionModal
      header={`Edit ${member.name ?? member.email}`}
      confirmText="Save member"
      confirmTestId="save-member"
      busy={submitting}
      onCancel={onClose}
      onConfirm={() => void submit()}
    >
      <SpaceBetween size="m" data-testid="edit-member-form">
        {memberFields({ values: form, set, errors, testIdPrefix: 'edit-member' })}
        <FormField label="Tags" description="Separated by commas" errorText={errors.tags}>
          <Input value={form.tags} onChange={(e) => set('tags', e.detail.value)} />
        </FormField>
        {failure && !Object.keys(errors).length ? <Box color="text-status-error">{failure}</Box> : null}
      </SpaceBetween>
    </ConfirmActionModal>
  );
}

/**
 * A member's address, name, role and country: the add form's and the edit form's fields, as a list of four (not one
 * fragment), so a grid lays them out side by side.
 */
function memberFields({
  values,
  set,
  errors,
  testIdPrefix,
}: {
  values: { email: string; name: string; role: string; country: string };
  set: (key: 'email' | 'name' | 'role' | 'country', value: string) => void;
  errors: Record<string, string>;
  testIdPrefix: string;
}) {
  return [
    <FormField key="email" label="Email" errorText={errors.email}>
      <Input
        value={values.email}
        onChange={(e) => set('email', e.detail.value)}
        data-testid={`${testIdPrefix}-email`}
      />
    </FormField>,
    <FormField key="name" label="Name" errorText={errors.name}>
      <Input value={values.name} onChange={(e) => set('name', e.detail.value)} data-testid={`${testIdPrefix}-name`} />
    </FormField>,
    <FormField key="role" label="Role" errorText={errors.role}>
      <Select
        selectedOption={roleOptions.find((o) => o.value === values.role) ?? null}
        options={roleOptions}
        onChange={(e) => set('role', e.detail.selectedOption.value ?? 'dj')}
      />
    </FormField>,
    <FormField key="country" label="Country" errorText={errors.country}>
      <Input value={values.country} onChange={(e) => set('country', e.detail.value)} placeholder="GB" />
    </FormField>,
  ];
}

/** Asks before one member is taken off the list, naming them; a member already gone is said so, not failed. */
function RemoveMember({
  listId,
  listName,
  member,
  onClose,
  onRemoved,
}: {
  listId: string;
  listName: string;
  member: Member;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    setFailure(null);
    try {
      notify('notification', (await api.delete<{ message: string }>(memberPath(listId, member.email))).message);
      onRemoved();
    } catch (error) {
      setFailure(errorMessage(error));
      notifyError(error);
      setBusy(false);
    }
  };
  return (
    <ConfirmActionModal
      header="Remove member"
      confirmText="Remove"
      confirmTestId="confirm-remove-member"
      busy={busy}
      onCancel={onClose}
      onConfirm={() => void remove()}
    >
      <SpaceBetween size="s" data-testid="remove-member-modal">
        <Box>{`Remove ${whoIs(member)} from ${listName}? Promos sent to this list from now on will not go to them.`}</Box>
        <Box color="text-body-secondary">Promos already sent to them stay in those promos’ analysis.</Box>
        {failure ? <Box color="text-status-error">{failure}</Box> : null}
      </SpaceBetween>
    </ConfirmActionModal>
  );
}

/** Whether promos sent to the list reach the member now, in words. */
const getsPromos = (m: Member) =>
  m.suppressed
    ? `Never again (${displayLabel(`promo_${m.suppressed}`)})`
    : m.active === false
      ? 'No (taken off this list’s sends)'
      : 'Yes';

/** `/mailing_lists/:listId` (and its edit page): the members, suppressed ones marked, and Add members. */
export function MailingListPage() {
  const { listId = '' } = useParams();
  const answer = useApi<{ mailing_list: MailingList }>(`/mailing_lists/${listId}`);
  const list = answer.data?.mailing_list;
  const onFollow = useOnFollow();
  const [editing, setEditing] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  // Adding, editing and removing members is promotion.write: a member whose role only reads promos sees the list.
  const mayChange = usePermits('promotion.write');
  const editingList = useMatch('/user/labels/promo_tools/mailing_lists/:listId/edit');
  const lastPromo = (m: Member) =>
    m.last_promo ? (
      <span>
        <Link href={`/user/releases/${m.last_promo.release_id}/promos/${m.last_promo.id}/analysis`} onFollow={onFollow}>
          {m.last_promo.title}
        </Link>
        {`, ${formatDate(m.last_promo.mailed_at)}`}
      </span>
    ) : list?.older_promos_unread ? (
      `Not in your last ${LAST_MAILED_PROMOS} promos`
    ) : (
      'Not mailed yet'
    );
  if (answer.error)
    return (
      <ApiErrorAlert
        error={answer.error}
        onRetry={() => void answer.mutate()}
        header="Could not load the mailing list"
      />
    );
  // The list's own fields are edited on its edit page (a member whose role only reads promos is not led there).
  if (editingList && list) return <MailingListEditForm list={list} onSaved={() => void answer.mutate()} />;
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          actions={
            <PageButton href={`${BASE}/${listId}/edit`} testId="edit-mailing-list">
              Edit list
            </PageButton>
          }
          // Whose list it is, linking back to all of them, as a release's own pages name their release.
          description={
            <SpaceBetween size="xxxs">
              <span data-testid="mailing-list-back">
                One of your <RouterLink href="/user/labels/promo_tools/mailing_lists">mailing lists</RouterLink>
              </span>
              {list?.description ? <span>{list.description}</span> : null}
              {list?.tags?.length ? <span>{`Tags: ${list.tags.join(', ')}`}</span> : null}
              {list && !list.active ? (
                <span data-testid="mailing-list-inactive">Not active: not offered when a promo is sent.</span>
              ) : null}
            </SpaceBetween>
          }
        >
          {list?.name ?? 'Mailing list'}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Permitted permission="promotion.write">
          <AddMembers listId={listId} onAdded={() => void answer.mutate()} />
        </Permitted>
        <Pruning listId={listId} onPruned={() => void answer.mutate()} />
        <Table<Member>
          data-testid="list-members"
          wrapLines
          stickyColumns={mayChange ? { last: 1 } : undefined}
          loading={answer.isLoading}
          items={list?.mailing_list_members ?? []}
          header={
            <Header variant="h2" counter={`(${list?.mailing_list_members?.length ?? 0})`}>
              Members
            </Header>
          }
          empty={
            <Box textAlign="center">
              {mayChange ? 'No members yet: add them above, one by one or from a CSV file' : 'No members yet'}
            </Box>
          }
          columnDefinitions={[
            {
              id: 'member',
              header: 'Member',
              cell: (m) =>
                m.name ? (
                  <div>
                    <div>{m.name}</div>
                    <Box color="text-body-secondary" fontSize="body-s">
                      {m.email}
                    </Box>
                  </div>
                ) : (
                  m.email
                ),
            },
            { id: 'role', header: 'Role', cell: (m) => displayLabel(m.role) },
            { id: 'country', header: 'Country', cell: (m) => m.country ?? '-' },
            { id: 'tags', header: 'Tags', cell: (m) => (m.tags ?? []).join(', ') || '-' },
            { id: 'last-promo', header: 'Last promo mailed', cell: lastPromo },
            { id: 'gets-promos', header: 'Gets new promos', cell: getsPromos },
            ...(mayChange
              ? [
                  {
                    id: 'actions',
                    header: 'Actions',
                    minWidth: 150,
                    cell: (m: Member) => (
                      <EditDeleteLinks
                        name={whoIs(m)}
                        onEdit={() => setEditing(m)}
                        onDelete={() => setRemoving(m)}
                        deleteText="Remove"
                      />
                    ),
                  },
                ]
              : []),
          ]}
        />
        {editing && (
          <EditMember
            listId={listId}
            member={editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              void answer.mutate();
            }}
          />
        )}
        {removing && (
          <RemoveMember
            listId={listId}
            listName={list?.name ?? 'this list'}
            member={removing}
            onClose={() => setRemoving(null)}
            onRemoved={() => {
              setRemoving(null);
              void answer.mutate();
            }}
          />
        )}
      </SpaceBetween>
    </ContentLayout>
  );
}
