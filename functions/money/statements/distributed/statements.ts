import { accountKeyOf } from '../../accounts/account.js';
import { MESSAGES } from '../../../../shared/messages.js';
import type { DistributionStatementRow } from '../../../../shared/schemas/distributed-labels.js';
import type { StatementRun } from '../../../../shared/schemas/statement-views.js';
import { statementsOfAccount } from '../../../data/access/statements.js';
import { InvalidField } from '../../../lib/errors.js';
import { listAnswer, pageOfQuery, type ListQuery } from '../../../lib/list-query.js';
import { presentStatementRow } from '../api/present.js';
import { oneAccountStatement } from '../api/runs.js';
import { mapLimit } from '../../../lib/map-limit.js';
import { distributedLabelItem, distributedLabelsWithCompany } from './labels.js';

/**
 * The distribution statements of every distributed label, across companies. They are the
 * statements area's own statements (kind distribution, account Label#id): this module only
 * reads them per label and asks the one statement path for a new one.
 */

const READ_LANES = 8;

export type DistributionStatementQuery = ListQuery & {
  company?: string;
  label_id?: string;
  sort_field?: string;
  order?: string;
};

/** GET admin/distributed_labels/statements: newest first, by company or label when asked. */
export async function listDistributionStatements(query: DistributionStatementQuery) {
  const wanted = await distributedLabelsWithCompany(query);
  const rows: DistributionStatementRow[] = [];
  await mapLimit(wanted, READ_LANES, async ({ label, companyName }) => {
    const statements = await statementsOfAccount(label.tenantId, accountKeyOf({ type: 'Label', id: label.labelId }));
    const labelName = new Map([[label.labelId, label.name]]);
    for (const item of statements)
      if (item.type === 'DistributionStatement')
        rows.push({ ...presentStatementRow(item, labelName), company_id: label.tenantId, company_name: companyName });
  });
  // Unless the caller orders the list, the newest statement comes first.
  const sort = query.sort_field || query.order ? query.sort : { field: 'created_at', direction: 'desc' as const };
  return listAnswer(
    'statements',
    pageOfQuery(rows, { ...query, sort }, { searchFields: ['payee_name', 'number', 'company_name'], tieBreaker: 'id' }),
  );
}

/**
 * POST admin/distributed_labels/generate_statement: the label's distribution statement for the
 * months asked, made by the statements area's one-account run in the label's company (numbered,
 * stated once, its PDF). Months the label was stated for already are left out by that run, so
 * asking twice never states a line twice.
 */
export async function generateDistributionStatement(
  userId: string,
  input: { label_id?: string; start_pay_period?: string; end_pay_period?: string },
): Promise<{ statement_run: StatementRun; company_id: string; message: string }> {
  if (!input.label_id) throw new InvalidField('label_id', MESSAGES.noLabelSelected);
  const label = await distributedLabelItem(input.label_id).catch(() => {
    throw new InvalidField('label_id', 'Choose a distributed label');
  });
  const statement_run = await oneAccountStatement(label.tenantId, userId, { type: 'Label', id: label.labelId }, input);
  return { statement_run, company_id: label.tenantId, message: MESSAGES.distributionStatementAdded };
}
