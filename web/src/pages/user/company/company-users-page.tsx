import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../app/api';
import { notify, notifyError } from '../../../app/notifications';
import { useSession } from '../../../app/session';
import { CellNote } from '../../../components/cell-note';
import { EmailAddress } from '../../../components/email-address';
import { DeleteModal } from '../../../components/delete-modal';
import { FormattedDate } from '../../../components/formatted';
import { rules, serverFieldErrors, validate } from '../../../components/form-rules';
import { TEAM_ROLES, type TeamRole } from '../../../../../shared/schemas/company-team';
import type { AdminCompany } from '../../../../../shared/schemas/company-views';
import { RoleBadge } from '../../admin/users/role-select';
import { roleLabel } from '../../admin/users/user-model';
import {
  changeMemberRole,
  inviteMember,
  removeMember,
  revokeInvitation,
  useInvitations,
  useRefreshOwnCompany,
  type CompanyMember,
  type Invitation,
} from './company-api';
import { CompanyFrame } from './company-frame';

const ROLE_OPTIONS = TEAM_ROLES.map((role) => ({ value: role, label: roleLabel(role) }));

function TeamRoleSelect({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange: (r: TeamRole) => void;
  testId: string;
}) {
  return (
    <div data-testid={testId}>
      <Select
        selectedOption={ROLE_OPTIONS.find((o) => o.value === value) ?? null}
        onChange={({ detail }) => onChange(detail.selectedOption.value as TeamRole)}
        options={ROLE_OPTIONS}
        placeholder="Choose a role"
        ariaLabel="Role"
        expandToViewport
      />
    </div>
  );
}

/** The members with their roles; managers change a role in place or remove a member. */
function Members({ company, canManage }: { company: AdminCompany; canManage: boolean }) {
  const refresh = useRefreshOwnCompany();
  const { user } = useSession();
  const [removing, setRemoving] = useState<CompanyMember | null>(null);
  const setRole = async (member: CompanyMember, role: TeamRole) => {
    try {
      notify('notification', (await changeMemberRole(company.id, member.user_id, role)).message);
    } catch (error) {
      notifyError(error);
    }
    await refresh();
  };
  // A platform admin's membership is the platform's to change.
  const editable = (m: CompanyMember) => canManage && m.role !== 'admin';
  return (
    <>
      <Table<CompanyMember>
        wrapLines
        data-testid="company-team"
        header={
          <Header variant="h2" counter={`(${company.company_users.length})`}>
            Members
          </Header>
        }
        items={company.company_users}
        trackBy="user_id"
        columnDefinitions={[
          // The e-mail under the name, so a long address does not push the role and actions off a 1,000 px window.
          {
            id: 'name',
            header: 'Name',
            isRowHeader: true,
            cell: (m) => (
              <>
                {m.name || '-'}
                <CellNote>
                  <EmailAddress email={m.email} />
                </CellNote>
              </>
            ),
          },
          {
            id: 'role',
            header: 'Role',
            cell: (m) =>
              editable(m) ? (
                <TeamRoleSelect value={m.role} onChange={(r) => void setRole(m, r)} testId={`team-role-${m.user_id}`} />
              ) : (
                <RoleBadge role={m.role} testId={`team-role-${m.user_id}`} />
              ),
          },
          ...(canManage
            ? [
                {
                  id: 'actions',
                  header: 'Actions',
                  cell: (m: CompanyMember) =>
                    editable(m) ? (
                      <Button
                        variant="inline-link"
                        onClick={() => setRemoving(m)}
                        data-testid={`team-remove-${m.user_id}`}
                      >
                        {m.user_id === user?.id ? 'Leave the company' : 'Remove'}
                      </Button>
                    ) : null,
                },
              ]
            : []),
        ]}
        empty="No members."
      />
      {removing ? (
        <DeleteModal
          noun="member"
          plural="members"
          names={[`${removing.name || removing.email} from ${company.name}`]}
          run={async (report) => report((await removeMember(company.id, removing.user_id)).message)}
          onClose={() => setRemoving(null)}
          onDeleted={() => void refresh()}
        />
      ) : null}
    </>
  );
}

type InviteValues = { email: string; name: string; role: TeamRole };
const INVITE_RULES = { email: [rules.required('E-mail'), rules.email()] };

/** Invites someone by e-mail (POST /company/users): they join with the role chosen. */
function InviteForm({ companyId, onInvited }: { companyId: string; onInvited: () => void }) {
  const [values, setValues] = useState<InviteValues>({ email: '', name: '', role: 'label_assistant' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values, INVITE_RULES);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSending(true);
    try {
      const body = {
        email: values.email.trim(),
        role: values.role,
        ...(values.name.trim() ? { name: values.name.trim() } : {}),
      };
      notify('notification', (await inviteMember(companyId, body)).message);
      setValues({ email: '', name: '', role: values.role });
      onInvited();
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(serverFieldErrors(error.errors));
      notifyError(error);
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} data-testid="team-invite">
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={sending} data-testid="team-invite-submit">
            Send invitation
          </Button>
        }
      >
        <Container
          header={
            <Header variant="h2" description="They get an e-mail with a link to join.">
              Invite someone
            </Header>
          }
        >
          <ColumnLayout columns={3}>
            <FormField label="E-mail" errorText={errors.email}>
              <Input
                type="email"
                value={values.email}
                onChange={({ detail }) => setValues({ ...values, email: detail.value })}
                nativeInputAttributes={{ 'data-testid': 'team-invite-email' }}
              />
            </FormField>
            <FormField label="Name (optional)" errorText={errors.name}>
              <Input value={values.name} onChange={({ detail }) => setValues({ ...values, name: detail.value })} />
            </FormField>
            <FormField label="Role" errorText={errors.role}>
              <TeamRoleSelect
                value={values.role}
                onChange={(role) => setValues({ ...values, role })}
                testId="team-invite-role"
              />
            </FormField>
          </ColumnLayout>
        </Container>
      </Form>
    </form>
  );
}

function Invitations({ companyId }: { companyId: string }) {
  const { data, error, isLoading, mutate } = useInvitations(companyId, true);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  return (
    <>
      <InviteForm companyId={companyId} onInvited={() => void mutate()} />
      <Table<Invitation>
        wrapLines
        data-testid="team-invitations"
        loading={isLoading}
        header={
          <Header variant="h2" counter={data ? `(${data.invitations.length})` : undefined}>
            Invitations not yet accepted
          </Header>
        }
        items={data?.invitations ?? []}
        trackBy="id"
        columnDefinitions={[
          { id: 'email', header: 'E-mail', isRowHeader: true, cell: (i) => i.email },
          { id: 'role', header: 'Role', cell: (i) => <RoleBadge role={i.role} /> },
          {
            id: 'expires',
            header: 'Expires',
            cell: (i) => (i.expires_at ? <FormattedDate value={i.expires_at} /> : '-'),
          },
          {
            id: 'actions',
            header: 'Actions',
            cell: (i) => (
              <Button variant="inline-link" onClick={() => setRevoking(i)}>
                Revoke
              </Button>
            ),
          },
        ]}
        empty={
          <Box color="text-body-secondary">{error ? 'Invitations could not be loaded.' : 'No open invitations.'}</Box>
        }
      />
      {revoking ? (
        <DeleteModal
          noun="invitation"
          plural="invitations"
          names={[revoking.email]}
          run={async (report) => report((await revokeInvitation(companyId, revoking.id)).message)}
          onClose={() => setRevoking(null)}
          onDeleted={() => void mutate()}
        />
      ) : null}
    </>
  );
}

/** UserCompanyUsers: the team; its label managers invite, change roles and remove (the last manager stays). */
export function CompanyUsersPage() {
  return (
    <CompanyFrame title="Users">
      {(company, canManage) => (
        <SpaceBetween size="l">
          <Members company={company} canManage={canManage} />
          {canManage ? <Invitations companyId={company.id} /> : null}
        </SpaceBetween>
      )}
    </CompanyFrame>
  );
}
