import { ulid } from 'ulid';
import { ENV } from '../../infra/resources.js';
import {
  contractDatesProblem,
  defaultMetadata,
  payeeSplitError,
  royaltyTermsProblem,
  termWords,
} from '../../shared/contract-terms.js';
import type {
  ContractAmendInput,
  ContractCreateInput,
  ContractUpdateInput,
  RoyaltyTerms,
} from '../../shared/schemas/contracts.js';
import * as access from '../data/access/contracts.js';
import type { ContractItem } from '../data/entities/contract.js';
import { putBytes } from '../lib/bucket-objects.js';
import { downloadName } from '../lib/download-name.js';
import { requireEnv } from '../lib/clients.js';
import { Conflict, InvalidField, NotFound } from '../lib/errors.js';
import { formatDate } from '../../shared/format.js';
import { CONTRACT_TYPE_WORDS } from '../../shared/contract-names.js';
import { presignDownload, presignUpload, uploadedObject } from '../uploads/presign.js';
import { renderContractDocx, renderContractPdf } from './document.js';
import { liveRecoupment } from './recoupment.js';
import { renderContractText } from './templates.js';
import { companyContractTemplate } from './company-templates.js';
import { getCompany } from '../data/access/companies.js';
import { DEFAULT_CURRENCY } from '../../shared/constants.js';

export { previewContract } from './preview.js';
export { recoupmentPositions, runRecoupmentPositions } from './recoupment.js';

/**
 * Contracts: a company's deals on its releases, labels and artists. A draft changes freely; a
 * signed contract's terms change only by an amendment, a new version from an effective date, and
 * every version is kept. The status and version a change was made against are conditions of its
 * write, so a draft signed in the meantime is never edited as a draft.
 */

type Payee = { payee_id: string; share: string };
type Version = {
  version: number;
  effective_date: string;
  royalty_terms: RoyaltyTerms;
  contract_payees: Payee[];
  note?: string;
};

const STATUS_WORDS: Record<ContractItem['status'], string> = {
  draft: 'Draft',
  signed: 'Signed',
  terminated: 'Terminated',
};

const signedPrefix = (tenantId: string, id: string) => `contracts/${tenantId}/signed/${id}/`;
const documentKey = (tenantId: string, id: string, version: number, ext: 'pdf' | 'docx') =>
  `contracts/${tenantId}/documents/${id}/v${version}.${ext}`;

async function load(tenantId: string, id: string): Promise<ContractItem> {
  const contract = await access.getContract(tenantId, id);
  if (!contract) throw new NotFound('Contract');
  return contract;
}

/** Refuses payees that are not the company's, shares that do not add up to 100 %, and terms that tie. */
async function checkTermsAndPayees(tenantId: string, royalty: RoyaltyTerms | undefined, payees: Payee[] | undefined) {
  const problem = royalty ? royaltyTermsProblem(royalty) : null;
  if (problem) throw new InvalidField(problem.field, problem.text);
  if (payees) {
    const split = payeeSplitError(payees);
    if (split) throw new InvalidField('contract_payees', split);
    const names = await access.payeeNames(
      tenantId,
      payees.map((p) => p.payee_id),
    );
    if (payees.some((p) => !names.has(p.payee_id)))
      throw new InvalidField('contract_payees', 'A payee is not one of your payees');
  }
}

function checkDates(start: string, end: string | undefined | null) {
  const problem = contractDatesProblem(start, end);
  if (problem) throw new InvalidField('end_date', problem);
}

/**
 * What a list read once for all its contracts, so each contract's view reads nothing more: every contract of the
 * company (where a cross-collateralised group's other contracts are found), and its payees' and subjects' names.
 */
type ReadForList = {
  companyContracts?: readonly ContractItem[];
  payeeNames: Map<string, string>;
  subjectNames: Map<string, string>;
};

/** A contract as the pages show it: the terms in words beside the data, payees with their names. */
async function view(contract: ContractItem, list?: ReadForList) {
  const royalty = contract.royalty_terms as RoyaltyTerms;
  const payees = (contract.contract_payees ?? []) as Payee[];
  const names =
    list?.payeeNames ??
    (await access.payeeNames(
      contract.tenantId,
      payees.map((p) => p.payee_id),
    ));
  const subjectName = list
    ? (list.subjectNames.get(`${contract.contractable_type}#${contract.contractable_id}`) ?? null)
    : await access.contractSubjectName(contract.tenantId, contract.contractable_type, contract.contractable_id);
  return {
    id: contract.id,
    contractable_type: contract.contractable_type,
    contractable_id: contract.contractable_id,
    subject_name: subjectName,
    type: contract.type,
    type_name: CONTRACT_TYPE_WORDS[contract.type],
    status: contract.status,
    status_name: STATUS_WORDS[contract.status],
    contractor_id: contract.contractor_id,
    contractor_legal_name: contract.contractor_legal_name,
    contractee_type: contract.contractee_type,
    contractee_id: contract.contractee_id,
    contractee_legal_name: contract.contractee_legal_name,
    start_date: contract.start_date,
    end_date: contract.end_date ?? null,
    signed_at: contract.signed_at ?? null,
    metadata: contract.metadata ?? {},
    contract_payees: payees.map((p) => ({ ...p, name: names.get(p.payee_id) ?? '' })),
    royalty_terms: royalty,
    term_words: royalty.terms.map((t) => termWords(t, royalty.packaging_deductions)),
    version: contract.version,
    versions: (contract.versions ?? []) as Version[],
    contract_data: contract.contract_data ?? '',
    signed_copy_file_name: contract.signed_copy_file_name ?? null,
    /** What its payees' statements have recouped so far and what remains (never below zero). */
    recoupment: await liveRecoupment(contract, list?.companyContracts),
    created_at: contract.createdAt,
    updated_at: contract.updatedAt,
  };
}

export async function listContracts(tenantId: string, query: { contractable_type?: string; contractable_id?: string }) {
  const subject =
    query.contractable_type && query.contractable_id
      ? `${query.contractable_type}#${query.contractable_id}`
      : undefined;
  const rows = await access.listContracts(tenantId, subject);
  rows.sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''));
  const [payeeNames, subjectNames] = await Promise.all([
    access.payeeNames(tenantId, [
      ...new Set(rows.flatMap((row) => ((row.contract_payees ?? []) as Payee[]).map((p) => p.payee_id))),
    ]),
    access.contractSubjectNames(
      tenantId,
      rows.map((row) => ({ type: row.contractable_type, id: row.contractable_id })),
    ),
  ]);
  // Without a subject the rows are every contract of the company: each grouped contract's group is among them.
  const read = { companyContracts: subject ? undefined : rows, payeeNames, subjectNames };
  return { contracts: await Promise.all(rows.map((row) => view(row, read))) };
}

export async function getContract(tenantId: string, id: string) {
  return { contract: await view(await load(tenantId, id)) };
}

export async function createContract(tenantId: string, input: ContractCreateInput) {
  const id = ulid();
  await writeNewContract(tenantId, input, id);
  return { contract: await view(await load(tenantId, id)), message: 'Contract Added' };
}

/**
 * Checks a new contract and writes it as a draft with this id, only if no contract has the id: the one path of
 * `POST /contracts` and the import from a file (whose ids derive from the file, so a retried row is not made
 * twice). False when a contract with the id was there already.
 */
export async function writeNewContract(tenantId: string, input: ContractCreateInput, id: string): Promise<boolean> {
  if (!(await access.contractSubjectName(tenantId, input.contractable_type, input.contractable_id)))
    throw new InvalidField('contractable_id', `This ${input.contractable_type} is not one of yours`);
  if (!(await access.contracteeName(tenantId, input.contractee_type, input.contractee_id)))
    throw new InvalidField('contractee_id', `The contractee is not one of your ${input.contractee_type}s`);
  checkDates(input.start_date, input.end_date);
  await checkTermsAndPayees(tenantId, input.royalty_terms, input.contract_payees);
  const fields = {
    contractable_type: input.contractable_type,
    contractable_id: input.contractable_id,
    subject: `${input.contractable_type}#${input.contractable_id}`,
    type: input.type,
    status: 'draft' as const,
    contractor_id: tenantId,
    contractor_legal_name: input.contractor_legal_name,
    contractee_type: input.contractee_type,
    contractee_id: input.contractee_id,
    contractee_legal_name: input.contractee_legal_name,
    start_date: input.start_date,
    end_date: input.end_date,
    metadata: { ...defaultMetadata(input.start_date), ...input.metadata },
    contract_payees: input.contract_payees,
    royalty_terms: input.royalty_terms,
    version: 1,
    versions: [
      {
        version: 1,
        effective_date: input.start_date,
        royalty_terms: input.royalty_terms,
        contract_payees: input.contract_payees,
      },
    ],
  };
  const draft = { tenantId, id, ...fields } as ContractItem;
  return access.createContract(tenantId, id, {
    ...fields,
    contract_data: await documentText(tenantId, draft),
  });
}

/** Status moves one way: draft → signed → terminated. */
const NEXT_STATUS: Record<ContractItem['status'], ContractItem['status'] | undefined> = {
  draft: 'signed',
  signed: 'terminated',
  terminated: undefined,
};

export async function updateContract(tenantId: string, id: string, input: ContractUpdateInput) {
  const contract = await load(tenantId, id);
  const { status, ...fields } = input;
  const changing = Object.keys(fields).filter((k) => fields[k as keyof typeof fields] !== undefined);
  if (contract.status !== 'draft' && changing.length) {
    const field = changing.includes('royalty_terms') ? 'royalty_terms' : (changing[0] ?? 'status');
    throw new InvalidField(
      field,
      contract.status === 'signed'
        ? "A signed contract's terms change only by an amendment"
        : 'A terminated contract cannot be changed',
    );
  }
  if (status && status !== contract.status && NEXT_STATUS[contract.status] !== status)
    throw new InvalidField(
      'status',
      `A ${STATUS_WORDS[contract.status].toLowerCase()} contract cannot become ${status}`,
    );
  if (fields.contractee_type || fields.contractee_id) {
    const type = fields.contractee_type ?? contract.contractee_type;
    const contractee = fields.contractee_id ?? contract.contractee_id;
    if (!(await access.contracteeName(tenantId, type, contractee)))
      throw new InvalidField('contractee_id', `The contractee is not one of your ${type}s`);
  }
  checkDates(
    fields.start_date ?? contract.start_date,
    fields.end_date === null ? undefined : (fields.end_date ?? contract.end_date),
  );
  await checkTermsAndPayees(tenantId, fields.royalty_terms, fields.contract_payees);
  const { end_date, ...rest } = fields;
  const set: Partial<ContractItem> = { ...rest };
  if (end_date) set.end_date = end_date;
  if (fields.royalty_terms || fields.contract_payees || fields.start_date) {
    // A draft has one version: its terms are edited in place until it is signed.
    const current = ((contract.versions ?? []) as Version[])[0];
    set.versions = [
      {
        version: 1,
        effective_date: fields.start_date ?? contract.start_date,
        royalty_terms: fields.royalty_terms ?? (contract.royalty_terms as RoyaltyTerms),
        contract_payees: fields.contract_payees ?? ((contract.contract_payees ?? []) as Payee[]),
        ...(current?.note ? { note: current.note } : {}),
      },
    ];
  }
  if (status && status !== contract.status) {
    set.status = status;
    if (status === 'signed') set.signed_at = new Date().toISOString();
  }
  const written = await access.patchContract(
    tenantId,
    id,
    { version: contract.version, status: contract.status },
    set,
    end_date === null ? ['end_date'] : [],
  );
  if (!written) throw new Conflict('The contract changed while you were editing it: reload it and try again');
  return { contract: await view(await load(tenantId, id)), message: 'Contract Updated' };
}

/** A signed contract's new terms from an effective date: a new version, the earlier ones kept. */
export async function amendContract(tenantId: string, id: string, input: ContractAmendInput) {
  const contract = await load(tenantId, id);
  if (contract.status !== 'signed')
    throw new InvalidField('effective_date', 'Only a signed contract is amended; edit a draft directly');
  if (!input.royalty_terms && !input.contract_payees)
    throw new InvalidField('royalty_terms', 'An amendment changes the royalty terms or the payees');
  const versions = (contract.versions ?? []) as Version[];
  const latest = versions[versions.length - 1];
  const current = latest?.effective_date ?? contract.start_date;
  if (input.effective_date < current)
    throw new InvalidField(
      'effective_date',
      `Effective date must be on or after ${formatDate(current)}, when the current version takes effect`,
    );
  await checkTermsAndPayees(tenantId, input.royalty_terms, input.contract_payees);
  const next: Version = {
    version: contract.version + 1,
    effective_date: input.effective_date,
    royalty_terms: input.royalty_terms ?? (contract.royalty_terms as RoyaltyTerms),
    contract_payees: input.contract_payees ?? ((contract.contract_payees ?? []) as Payee[]),
    ...(input.note ? { note: input.note } : {}),
  };
  const written = await access.patchContract(
    tenantId,
    id,
    { version: contract.version, status: 'signed' },
    {
      version: next.version,
      versions: [...versions, next],
      royalty_terms: next.royalty_terms,
      contract_payees: next.contract_payees,
    },
  );
  if (!written) throw new Conflict('The contract changed while you were amending it: reload it and try again');
  return { contract: await view(await load(tenantId, id)), message: 'Contract Amended' };
}

/** Only a draft is deleted: a signed contract stays on record (terminate it instead). */
export async function deleteContract(tenantId: string, id: string) {
  const contract = await load(tenantId, id);
  if (contract.status !== 'draft')
    throw new InvalidField('status', 'A signed contract cannot be deleted: terminate it instead');
  await access.deleteContract(tenantId, id);
  return { message: 'Contract Deleted' };
}

/** The contract's document from the company's template for its type, its amounts in the company's currency. */
async function documentText(tenantId: string, contract: ContractItem): Promise<string> {
  const [template, company] = await Promise.all([
    companyContractTemplate(tenantId, contract.type),
    getCompany(tenantId),
  ]);
  return renderContractText(template, contract, company?.currency ?? DEFAULT_CURRENCY);
}

/** Regenerates a draft's document from its template with the contract's current fields and terms. */
export async function regenerateDocument(tenantId: string, id: string) {
  const contract = await load(tenantId, id);
  if (contract.status !== 'draft')
    throw new InvalidField('status', "A signed contract's document is its signed copy; it is not regenerated");
  const written = await access.patchContract(
    tenantId,
    id,
    { version: contract.version, status: 'draft' },
    { contract_data: await documentText(tenantId, contract) },
  );
  if (!written) throw new Conflict('The contract changed while its document was made: reload it and try again');
  return { contract: await view(await load(tenantId, id)), message: 'Contract Document Updated' };
}

/** The document as PDF or DOCX, written beside the contract and handed out as a short-lived link. */
export async function documentLink(tenantId: string, id: string, format: 'pdf' | 'docx') {
  const contract = await load(tenantId, id);
  const text = contract.contract_data || (await documentText(tenantId, contract));
  const title = `${CONTRACT_TYPE_WORDS[contract.type]} — ${contract.contractee_legal_name}`;
  const key = documentKey(tenantId, id, contract.version, format);
  const [bytes, type] =
    format === 'pdf'
      ? [await renderContractPdf(title, text), 'application/pdf']
      : [
          await renderContractDocx(title, text),
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ];
  await putBytes(requireEnv(ENV.uploadsBucket), key, bytes, type);
  const filename = downloadName(title, format);
  return { url: await presignDownload(key, type, filename), filename };
}

export function presignSignedCopy(tenantId: string, id: string, file: Parameters<typeof presignUpload>[1]) {
  return load(tenantId, id).then(() => presignUpload(signedPrefix(tenantId, id), file));
}

/** Keeps an uploaded signed copy beside the contract (the file must be under this contract's prefix). */
export async function attachSignedCopy(tenantId: string, id: string, key: string) {
  const contract = await load(tenantId, id);
  const object = await uploadedObject(signedPrefix(tenantId, id), key, 'signed_copy_key');
  const written = await access.patchContract(
    tenantId,
    id,
    { version: contract.version, status: contract.status },
    { signed_copy_key: object.key, signed_copy_file_name: object.filename },
  );
  if (!written) throw new Conflict('The contract changed while the file was kept: reload it and try again');
  return { contract: await view(await load(tenantId, id)), message: 'Signed Copy Saved' };
}

/** A short-lived link to the signed copy. */
export async function signedCopyLink(tenantId: string, id: string) {
  const contract = await load(tenantId, id);
  if (!contract.signed_copy_key) throw new NotFound('Signed copy');
  const filename = contract.signed_copy_file_name ?? 'signed-copy';
  return { url: await presignDownload(contract.signed_copy_key, undefined, filename), filename };
}
