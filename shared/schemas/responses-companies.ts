import { z } from 'zod';
import { CRM_STATUSES, CRM_STATUS_COLOURS } from '../crm.js';
import { DELIVERY_ACTIONS, DELIVERY_STATUSES } from '../deliveries.js';
import { DSP_CONNECTION_STATUSES, UPC_POOL_STATUSES } from '../distribution.js';
import { ROLES } from '../constants.js';
import {
  count,
  listResponse,
  money,
  recordResponse,
  recordRow,
  rowsResponse,
  savedResponse,
  statementRow,
  totals,
} from './responses.js';
import { noteRow, todoTaskRow } from './responses-labels.js';

/**
 * The answers of the people and distribution pages (declared in the OpenAPI document and checked against real
 * answers by the response-schema tests): the signed-in user, companies and their members and invitations, a
 * company's stores and distributors and UPC pool, releases' deliveries, the distributor's CRM and client labels,
 * and the admin's distributed labels and their statements.
 */

const role = z.enum(ROLES);

/** The signed-in user with the companies they belong to (their role and plan in each). */
const currentUserRow = recordRow({
  name: z.string(),
  email: z.string(),
  role,
  active: z.boolean(),
  confirmed: z.boolean(),
  profile: z.looseObject({}),
  notices_count: count,
  companies: z.array(
    z.looseObject({
      id: z.string(),
      name: z.string(),
      tags: z.array(z.string()),
      distributed: z.boolean(),
      role,
      plan: z.looseObject({}),
    }),
  ),
}).meta({ id: 'CurrentUser' });
export const currentUserResponse = z.looseObject({ user: currentUserRow });
export const profileSavedResponse = savedResponse('user', currentUserRow);

/** A company as lists show it. */
const companyRow = recordRow({
  name: z.string(),
  tags: z.array(z.string()),
  distributed: z.boolean(),
  vat_registered: z.boolean(),
  currency: z.string(),
}).meta({ id: 'Company' });
/** The companies the signed-in user belongs to, with their role in each. */
export const myCompaniesResponse = rowsResponse('companies', companyRow.extend({ role }), {
  total_count: totals.total_count,
});
export const adminCompanyListResponse = listResponse('companies', companyRow);

/** A member of a company: who, and their role there. */
const memberRow = z.looseObject({ user_id: z.string(), name: z.string(), email: z.string(), role });
/** A company's page: its fields and its members. */
const companyPageRow = companyRow.extend({ company_users: z.array(memberRow) });
export const companyPageResponse = recordResponse('company', companyPageRow);
/** A company saved by its managers or an admin: its page, and the notice. */
export const companyPageSavedResponse = savedResponse('company', companyPageRow);
/** A company the user made or joined, as their memberships list it. */
export const joinedCompanyResponse = savedResponse(
  'company',
  z.looseObject({ id: z.string(), name: z.string(), tags: z.array(z.string()), distributed: z.boolean(), role }),
);
export const memberSavedResponse = savedResponse('company_user', memberRow);

/** An invitation as the company's managers see it (never its secret). */
const invitationRow = recordRow({
  email: z.string(),
  role,
  created_at: z.string(),
  expires_at: z.string(),
}).meta({ id: 'Invitation' });
export const companyInvitationsResponse = rowsResponse('invitations', invitationRow, {
  total_count: totals.total_count,
});
export const invitationSentResponse = savedResponse('invitation', invitationRow);
/** An invitation as the invitee sees it: which company, who invited, whether to sign in or set a password. */
const inviteeRow = recordRow({
  company_name: z.string(),
  inviter_name: z.string(),
  email: z.string(),
  role,
  expires_at: z.string(),
  account_exists: z.boolean(),
}).meta({ id: 'InvitationToYou' });
export const myInvitationsResponse = rowsResponse('invitations', inviteeRow, { total_count: totals.total_count });
export const invitationResponse = recordResponse('invitation', inviteeRow);

/** A company's link to a store. */
const dspConnectionRow = recordRow({
  company_id: z.string(),
  company_name: z.string(),
  dsp_id: z.string(),
  dsp_name: z.string(),
  status: z.enum(DSP_CONNECTION_STATUSES),
  note: z.string().nullable(),
  requested_at: z.string().nullable(),
  connected_at: z.string().nullable(),
}).meta({ id: 'DspConnection' });
export const dspConnectionListResponse = rowsResponse('dsp_connections', dspConnectionRow, {
  total_count: totals.total_count,
});
export const dspConnectionSavedResponse = savedResponse('dsp_connection', dspConnectionRow);

/** A company's link to a distributor, with a short-lived link to the signed contract. */
const companyDistributorRow = z
  .looseObject({
    distributor_id: z.string(),
    distributor_name: z.string(),
    contract_file_name: z.string().nullable(),
    contract_data_uri: z.string().nullable(),
  })
  .meta({ id: 'CompanyDistributor' });
export const companyDistributorsResponse = rowsResponse('company_distributors', companyDistributorRow, {
  total_count: totals.total_count,
});
export const companyDistributorSavedResponse = savedResponse(
  'company_distributor',
  companyDistributorRow.extend({ company_id: z.string(), company_name: z.string() }),
);
/** A company's distribution: its distributors and its links to stores. */
export const companyDistributionResponse = z.looseObject({
  company: z.looseObject({ id: z.string(), name: z.string(), distributed: z.boolean() }),
  company_distributors: z.array(companyDistributorRow),
  dsp_connections: z.array(dspConnectionRow),
});

/** The company's pool of UPCs: each free or linked to one release. */
export const upcListResponse = listResponse(
  'distribution_upcs',
  z.looseObject({
    upc: z.string(),
    status: z.enum(UPC_POOL_STATUSES),
    release_id: z.string().nullable(),
    linked_at: z.string().nullable(),
  }),
).extend({ free_count: count });
export const upcImportedResponse = z.looseObject({ imported: count, message: z.string() });
export const upcLinkedResponse = z.looseObject({ upc: z.string(), message: z.string() });

/** A release's delivery to one store (never the store's server credentials). */
const deliveryRow = recordRow({
  release_id: z.string(),
  dsp_id: z.string(),
  dsp_name: z.string().optional(),
  action: z.enum(DELIVERY_ACTIONS),
  status: z.enum(DELIVERY_STATUSES),
  attempts: count,
  /** When it was last sent on its way to the store (its batch queued); absent until then. */
  queued_at: z.string().optional(),
  created_at: z.string().optional(),
}).meta({ id: 'ReleaseDelivery' });
/** A release's deliveries, newest first: all of them at once. */
export const releaseDeliveriesResponse = rowsResponse('release_deliveries', deliveryRow, totals);
/** The company's deliveries across its releases, with each release's title. */
export const companyDeliveriesResponse = listResponse(
  'release_deliveries',
  deliveryRow.extend({ release_title: z.string().optional(), upc: z.string().optional() }),
);
export const deliveriesMadeResponse = z.looseObject({ release_deliveries: z.array(deliveryRow), message: z.string() });
export const deliverySavedResponse = savedResponse('release_delivery', deliveryRow);
/** The distribution area's record of what went to which store (entered or imported by admins). */
const distributionRecordRow = recordRow({ created_at: z.string().optional() }).meta({ id: 'DistributionRecord' });
export const distributionRecordListResponse = listResponse('deliveries', distributionRecordRow);
export const distributionRecordResponse = recordResponse('delivery', distributionRecordRow);
export const distributionRecordSavedResponse = savedResponse('delivery', distributionRecordRow);
export const distributionRecordsImportedResponse = z.looseObject({ imported: count, message: z.string() });

/** A client of the distributor: where it stands (with its colour), its terms, contacts and figures. */
const crmClientRow = recordRow({
  distributor_id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  status: z.enum(CRM_STATUSES),
  status_colour: z.enum(Object.values(CRM_STATUS_COLOURS) as [string, ...string[]]),
  account_manager: z.looseObject({ id: z.string(), name: z.string() }).nullable(),
  contacts: z.array(z.looseObject({ name: z.string() })),
  deal_percentage: z.string().nullable(),
  contract_start_date: z.string().nullable(),
  contract_end_date: z.string().nullable(),
  open_tasks: count,
  catalogue: z.looseObject({ labels: count, releases: count, recordings: count }),
  currency: z.string(),
  balance_owed: money,
  balance_owed_by_currency: z.array(z.looseObject({ currency: z.string(), owed: money })),
  last_delivery: z.looseObject({ status: z.string(), at: z.string(), release_id: z.string() }).nullable(),
  last_statement: z
    .looseObject({
      id: z.string(),
      number: z.string(),
      period: z.string(),
      start_pay_period: z.string(),
      end_pay_period: z.string(),
      at: z.string(),
    })
    .nullable(),
}).meta({ id: 'CrmClient' });
const accountManagers = z.array(z.looseObject({ id: z.string(), name: z.string() }));
/** The distributor's clients, the counts by status and who may manage a client. */
export const crmListResponse = z.looseObject({
  clients: z.array(crmClientRow),
  total_count: count,
  by_status: z.record(z.string(), count),
  account_managers: accountManagers,
});
/** A client's page: the list's fields, its notes, to-dos and activity. */
export const crmClientResponse = z.looseObject({
  client: crmClientRow.extend({
    notes: z.array(noteRow),
    todo_tasks: z.array(todoTaskRow),
    activity: z.array(z.looseObject({})),
  }),
  account_managers: accountManagers,
});
export const crmClientSavedResponse = crmClientResponse.extend({ message: z.string() });

/** A client's label: its company, parent label (an affiliate's) and the stores it may deliver to. */
const clientLabelRow = recordRow({
  name: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  active: z.boolean(),
  parent_label_id: z.string().nullable(),
  stores: z.array(z.looseObject({ id: z.string(), name: z.string() })),
}).meta({ id: 'ClientLabel' });
export const clientLabelListResponse = rowsResponse('labels', clientLabelRow, { total_count: totals.total_count });
export const clientLabelSavedResponse = savedResponse('label', clientLabelRow);
/** A client label's page: with its statement settings, affiliates, catalogue and deliveries. */
const clientLabelPageRow = clientLabelRow.extend({
  statement_settings: z.looseObject({}),
  affiliates: z.array(z.looseObject({ id: z.string(), name: z.string() })),
  catalogue: z.array(z.looseObject({ id: z.string(), title: z.string(), status: z.string() })),
  deliveries: z.array(z.looseObject({ id: z.string(), release_id: z.string(), store: z.string(), status: z.string() })),
});
export const clientLabelResponse = recordResponse('label', clientLabelPageRow);
export const clientLabelPageSavedResponse = savedResponse('label', clientLabelPageRow);

/** A distributed label: its company, deal percentage (two decimals) and statement settings. */
const distributedLabelRow = recordRow({
  company_id: z.string(),
  company_name: z.string(),
  name: z.string(),
  active: z.boolean(),
  deal_percentage: z.string().nullable(),
  statement_settings: z.looseObject({
    default_summaries: z.array(z.string()),
    formats: z.array(z.string()),
    frequency: z.string(),
    graphs: z.boolean(),
  }),
}).meta({ id: 'DistributedLabel' });
export const distributedLabelListResponse = listResponse('distributed_labels', distributedLabelRow);
export const distributedLabelResponse = recordResponse('distributed_label', distributedLabelRow);
export const distributedLabelSavedResponse = savedResponse('distributed_label', distributedLabelRow);

/** Every company's distribution statements, newest first, with the company each is of. */
export const distributionStatementListResponse = listResponse(
  'statements',
  statementRow.extend({ company_id: z.string(), company_name: z.string() }),
);
/** A distribution statement asked for: the statement run that makes it, in the label's company. */
export const distributionStatementRunResponse = z.looseObject({
  statement_run: z.looseObject({ id: z.string(), status: z.string() }),
  company_id: z.string(),
  message: z.string(),
});

/** A notice admins send to chosen users. */
const noticeRow = recordRow({
  title: z.string(),
  content: z.string(),
  type_of: z.enum(['announcement', 'news', 'maintenance']),
  readable: z.boolean(),
  recipients_count: count,
  read_count: count,
  created_at: z.string(),
}).meta({ id: 'Notice' });
export const noticeListResponse = listResponse('notices', noticeRow);
export const noticeSavedResponse = savedResponse('notice', noticeRow);
/** A notice with each recipient and whether they read it. */
export const noticeResponse = recordResponse(
  'notice',
  noticeRow.extend({
    users: z.array(
      z.looseObject({ id: z.string(), name: z.string(), read: z.boolean(), read_at: z.string().nullable() }),
    ),
  }),
);
/** A user's notices (`id` is the notice's) and how many they have not read. */
export const inboxResponse = z.looseObject({
  notices: z.array(
    z.looseObject({ id: z.string(), notice: noticeRow, read: z.boolean(), read_at: z.string().nullable() }),
  ),
  unread_count: count,
});
export const noticeReadResponse = z.looseObject({ message: z.string(), read_at: z.string().nullable() });

/** A bug report a user sent from the Bugs page. */
const bugReportRow = recordRow({
  user_id: z.string(),
  user_email: z.string(),
  description: z.string(),
  referer: z.string(),
  status: z.string(),
  created_at: z.string(),
}).meta({ id: 'BugReport' });
export const bugReportListResponse = listResponse('bug_reports', bugReportRow);
export const bugReportSavedResponse = savedResponse('bug_report', bugReportRow);

/** A user's access token: masked, except in the answer that makes it. */
const accessTokenRow = recordRow({
  user_id: z.string(),
  service: z.string(),
  token: z.string(),
  expires_at: z.string().nullable(),
  expired: z.boolean(),
  created_at: z.string(),
}).meta({ id: 'AccessToken' });
export const accessTokenListResponse = listResponse('access_tokens', accessTokenRow);
export const accessTokenResponse = recordResponse('access_token', accessTokenRow);
export const accessTokenSavedResponse = savedResponse('access_token', accessTokenRow);
export const accessTokensRevokedResponse = z.looseObject({ message: z.string(), revoked: count });

/** A user as the admin's pages list them. */
const adminUserRow = recordRow({
  name: z.string(),
  email: z.string(),
  role,
  active: z.boolean(),
  frozen: z.boolean(),
  confirmed: z.boolean(),
}).meta({ id: 'User' });
export const adminUserListResponse = listResponse('users', adminUserRow);
/** A user's page: the companies they belong to and their role in each. */
const adminUserPageRow = adminUserRow.extend({
  profile: z.looseObject({}),
  company_users: z.array(z.looseObject({ company_id: z.string(), company_name: z.string(), role })),
  created_at: z.string(),
});
export const adminUserResponse = recordResponse('user', adminUserPageRow);
export const adminUserSavedResponse = savedResponse('user', adminUserPageRow);

/** A user's activity log (sign-ins and what they did), newest first. */
export const activityLogResponse = rowsResponse(
  'logs',
  recordRow({ user_id: z.string(), action: z.string(), subject: z.string(), created_at: z.string() }).meta({
    id: 'ActivityLog',
  }),
  { total_count: totals.total_count },
);
