import { z } from 'zod';
import { CALENDAR_KINDS } from '../calendar-kinds.js';
import { EXPORT_FORMATS, EXPORT_MODELS, EXPORT_STATUSES } from '../catalogue-exchange/exports.js';
import {
  day,
  labelRow,
  listResponse,
  recordResponse,
  recordRow,
  rowsResponse,
  savedResponse,
  totals,
} from './responses.js';

/**
 * The answers of a label's own pages and tools (declared in the OpenAPI document and checked against real answers
 * by the response-schema tests): the admin's labels, a release's checks and status, the files kept beside a release
 * or label, the to-do list, the notebook, the release defaults, the calendar and the requests sent to the
 * distributor's team.
 */

/** A label in the admin's list across companies: with its company's name. */
export const adminLabelListResponse = listResponse('labels', labelRow.extend({ company_name: z.string() }));

/** A label saved (made, edited, requested, approved): the label and the notice. */
export const labelSavedResponse = savedResponse('label', labelRow);

/** What the metadata checker finds wrong with a release: nothing when `ok`. */
export const releaseCheckResponse = z
  .looseObject({
    ok: z.boolean(),
    problems: z.array(
      z.looseObject({
        scope: z.enum(['release', 'recording']),
        id: z.string(),
        title: z.string(),
        field: z.string(),
        message: z.string(),
      }),
    ),
  })
  .meta({ id: 'ReleaseCheck' });

/** A label's last catalogue number and the next one it would take (null when it has none). */
export const lastReleaseResponse = z.looseObject({ cat_no: z.string().nullable(), next_cat_no: z.string().nullable() });

/** A file kept beside a release or a label: its download link lasts minutes. */
const assetRow = recordRow({
  filename: z.string(),
  content_type: z.string().nullable(),
  size: z.number().int().nullable(),
  uploaded_at: z.string(),
  url: z.string(),
}).meta({ id: 'Asset' });
export const assetListResponse = z.looseObject({ assets: z.array(assetRow) });
export const assetSavedResponse = savedResponse('asset', assetRow);

/** A task of a to-do list (a label's, or a CRM client's). */
export const todoTaskRow = recordRow({
  body: z.string(),
  done: z.boolean(),
  due_date: z.string().nullable().optional(),
  assignee_id: z.string().nullable().optional(),
  created_at: z.string(),
}).meta({ id: 'TodoTask' });
const todoListRow = recordRow({ name: z.string(), created_at: z.string() }).meta({ id: 'TodoList' });

/** A label's to-do list (null until made) with its tasks and the members a task may be given to. */
export const todoListResponse = z.looseObject({
  todo_list: todoListRow.nullable(),
  todo_tasks: z.array(todoTaskRow),
  assignees: z.array(z.looseObject({ id: z.string(), name: z.string() })),
});
/** Making a label's default to-do list: the list and its first tasks (and a notice when it was made now). */
export const todoListMadeResponse = z.looseObject({ todo_list: todoListRow, todo_tasks: z.array(todoTaskRow) });
export const todoListSavedResponse = savedResponse('todo_list', todoListRow);
export const todoTaskSavedResponse = savedResponse('todo_task', todoTaskRow);

/** A note (a label's notebook, or a CRM client's notes): plain or Markdown text, shown as text. */
export const noteRow = recordRow({
  title: z.string(),
  content: z.string(),
  tags: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
}).meta({ id: 'Note' });
const notebookRow = recordRow({ name: z.string(), created_at: z.string() }).meta({ id: 'Notebook' });
/** A label's notebook (null until made), the notes a search finds and every tag. */
export const notebookResponse = z.looseObject({
  notebook: notebookRow.nullable(),
  notes: z.array(noteRow),
  tags: z.array(z.string()),
});
export const notebookMadeResponse = z.looseObject({ notebook: notebookRow });
export const noteSavedResponse = savedResponse('note', noteRow);

/** The defaults a label's new releases start with. */
const labelSettingsRow = z.looseObject({
  label_id: z.string(),
  name: z.string(),
  store: z.boolean(),
  release_defaults: z.looseObject({
    primary_genre_id: z.string().nullable(),
    metadata_language_id: z.string().nullable(),
    c_line: z.string(),
    p_line: z.string(),
    price_tier: z.string().nullable(),
    territories: z.array(z.string()),
  }),
});
export const labelSettingsResponse = z.looseObject({ settings: labelSettingsRow });

/** The company's calendar: releases, store dates, deliveries, promos, statement runs, due tasks, contracts and licences, by day. */
export const calendarResponse = z.looseObject({
  events: z.array(
    z.looseObject({
      id: z.string(),
      date: day,
      kind: z.enum(CALENDAR_KINDS),
      title: z.string(),
      label_id: z.string().nullable(),
      href: z.string(),
    }),
  ),
});
/** Whether the member has a calendar feed link (the link itself is shown once, when made). */
export const calendarFeedStateResponse = z.looseObject({ active: z.boolean(), created_at: z.string().nullable() });
export const calendarFeedMadeResponse = z.looseObject({ url: z.string(), message: z.string() });

/** A request sent to the distributor's team (a whitelisting, a YouTube claim, a marketing pitch). */
const labelRequestRow = recordRow({
  kind: z.enum(['soundcloud_whitelist', 'youtube_claim', 'album_ep', 'single', 'official_video']),
  status: z.enum(['new', 'in_progress', 'done', 'refused']),
  label_id: z.string(),
  label_name: z.string(),
  summary: z.string(),
  details: z.looseObject({}),
  reason: z.string().optional(),
}).meta({ id: 'LabelRequest' });
export const labelRequestSentResponse = savedResponse('request', labelRequestRow);
/** The company's requests, newest first, and how many weeks ahead of a release a pitch must be sent. */
export const labelRequestsResponse = z.looseObject({ requests: z.array(labelRequestRow), lead_weeks: z.number() });
export const requestQueueResponse = z.looseObject({ requests: z.array(labelRequestRow) });
/** A release's tracks a pitch's focus track is chosen from, in the release's order, each named with its version. */
export const pitchTracksResponse = z.looseObject({
  tracks: z.array(
    z.looseObject({ id: z.string(), title: z.string(), version: z.string().nullable(), name: z.string() }),
  ),
});
export const leadWeeksResponse = z.looseObject({ lead_weeks: z.number().int().min(0) });

/**
 * A member of a mailing list: suppressed (unsubscribed, bounced, complained) when no promo may mail them, and the
 * last promo mailed to them (null: none of the promos read mailed them).
 */
const mailingListMemberRow = z.looseObject({
  email: z.string(),
  role: z.enum(['dj', 'press', 'radio', 'other']),
  suppressed: z.string().nullable(),
  last_promo: z
    .looseObject({ id: z.string(), release_id: z.string(), title: z.string(), mailed_at: z.string() })
    .nullable(),
});
/** A mailing list of DJs, press and radio. */
const mailingListRow = recordRow({ name: z.string(), active: z.boolean() }).meta({ id: 'MailingList' });
export const mailingListsResponse = rowsResponse(
  'mailing_lists',
  mailingListRow.extend({ member_count: z.number().int().min(0) }),
  totals,
);
const mailingListPageRow = mailingListRow.extend({
  mailing_list_members: z.array(mailingListMemberRow),
  older_promos_unread: z.boolean(),
});
export const mailingListResponse = recordResponse('mailing_list', mailingListPageRow);
export const mailingListSavedResponse = savedResponse('mailing_list', mailingListPageRow);
/** A member added: whether the address was new on the list or merged into its member. */
export const memberAddedResponse = z.looseObject({
  outcome: z.enum(['added', 'merged']),
  mailing_list: mailingListPageRow,
});
/** A member edited: the member as now, and the list. */
export const memberUpdatedResponse = z.looseObject({
  message: z.string(),
  member: mailingListMemberRow,
  mailing_list: mailingListPageRow,
});
/** A member taken off the list; `removed: false` when they were not on it (already removed). */
export const memberRemovedResponse = z.looseObject({
  removed: z.boolean(),
  message: z.string(),
  mailing_list: mailingListPageRow,
});
/**
 * Members read from a CSV file: how many were new, merged into a member, or refused (rows), and every problem of
 * a refused row by row and column, up to a bound (`more_errors` counts those not listed).
 */
export const membersImportedResponse = z.looseObject({
  added: z.number().int().min(0),
  merged: z.number().int().min(0),
  refused: z.number().int().min(0),
  errors: z.array(z.looseObject({ row: z.number().int().min(1), column: z.string(), message: z.string() })),
  more_errors: z.number().int().min(0),
  mailing_list: mailingListPageRow,
});
/** Members who never played the list's last promos (none until there were enough promos to tell). */
export const unengagedMembersResponse = z.looseObject({
  members: z.array(z.looseObject({ email: z.string(), name: z.string().nullable(), role: z.string() })),
  promos: z.array(z.looseObject({ id: z.string(), title: z.string() })),
  enough_promos: z.boolean(),
});
/** Members taken off the list's sends: how many, and the notice. */
export const membersDeactivatedResponse = z.looseObject({ message: z.string(), deactivated: z.number().int().min(0) });

/** A promo mail template: its accent colour and its blocks. */
const promoTemplateRow = recordRow({
  name: z.string(),
  accent_colour: z.string(),
  blocks: z.array(z.looseObject({ type: z.string() })),
}).meta({ id: 'PromoTemplate' });
export const promoTemplatesResponse = rowsResponse('templates', promoTemplateRow, totals);
export const promoTemplateResponse = recordResponse('template', promoTemplateRow);
export const promoTemplateSavedResponse = savedResponse('template', promoTemplateRow);

/** Releases of any companies changed together (admins): those changed, and each refused one with why. */
export const releasesBulkUpdatedResponse = z.looseObject({
  updated: z.array(z.string()),
  failed: z.array(z.looseObject({ id: z.string(), title: z.string(), message: z.string() })),
  message: z.string(),
});

/** A catalogue export: what was asked, how far it got, and its download link once done. */
const catalogueExportRow = recordRow({
  model: z.enum(EXPORT_MODELS),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_STATUSES),
  selection: z.string(),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  rows: z.number().int().min(0),
  skipped: z.array(z.looseObject({})),
  filename: z.string(),
  created_at: z.string(),
  download_url: z.string().optional(),
}).meta({ id: 'CatalogueExport' });
/** An export started: written at once for a few releases (with its link), else queued. */
export const catalogueExportStartedResponse = savedResponse('export', catalogueExportRow);
export const catalogueExportResponse = recordResponse('export', catalogueExportRow);
export const catalogueExportListResponse = rowsResponse('exports', catalogueExportRow, totals);

/** A file a user imported, as their imports history lists it. */
const importRecordRow = recordRow({
  user_id: z.string(),
  user_name: z.string(),
  user_email: z.string(),
  filename: z.string(),
  filesize: z.number().int().min(0),
  records: z.number().int().min(0),
  type: z.string(),
  created_at: z.string(),
}).meta({ id: 'ImportRecord' });
export const importRecordListResponse = listResponse('imports', importRecordRow);
export const importRecordResponse = recordResponse('import', importRecordRow);
export const importRecordSavedResponse = savedResponse('import', importRecordRow);

/** A catalogue file read before anything is written: its records with every error, duplicates and notes, counted. */
export const catalogueImportPreviewResponse = z.looseObject({
  import_id: z.string(),
  model: z.string(),
  records: z.array(
    z.looseObject({
      key: z.string(),
      rows: z.array(z.number().int()),
      label: z.string(),
      errors: z.array(z.looseObject({ row: z.number().int(), field: z.string(), message: z.string() })),
    }),
  ),
  left_out: z.number().int().min(0),
  listed_all: z.boolean(),
  notes: z.array(z.string()),
  valid: z.number().int().min(0),
  invalid: z.number().int().min(0),
  duplicates: z.number().int().min(0),
  rows: z.number().int().min(0),
});
/** A catalogue import started: its id, to follow its progress. */
export const catalogueImportStartedResponse = z.looseObject({ import_id: z.string() });
/** A catalogue import's progress and outcome. */
export const catalogueImportResponse = z.looseObject({
  import: z.looseObject({
    id: z.string(),
    model: z.string(),
    filename: z.string(),
    status: z.enum(['queued', 'planning', 'writing', 'done', 'failed']),
    total: z.number().int().min(0),
    done: z.number().int().min(0),
    added: z.number().int().min(0),
    invalid: z.number().int().min(0),
    duplicates: z.number().int().min(0),
    failed: z.number().int().min(0),
    created_at: z.string(),
  }),
});
/** The release sheet to fill in: a file (base64) with its name and type. */
export const releaseSheetTemplateResponse = z.looseObject({
  template: z.looseObject({ filename: z.string(), content_type: z.string(), data: z.string() }),
});
