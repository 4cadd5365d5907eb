import { beforeAll, describe, expect, it } from 'vitest';
import { answerChecker, type ApiDocument, servedDocument } from '../support/declared-answers.js';
import { licensingCompany } from '../support/licensing-company.js';

/**
 * Licensing's money and paper against the answers the OpenAPI document declares: a signed licence's advance, its
 * invoice and the invoice's PDF, its payment, a licensee report received, its quote, a signed copy uploaded and read,
 * the pipeline summary; the company's document templates and a contract's preview. Every call is on records this
 * file makes.
 */
let document: ApiDocument;
let company: Awaited<ReturnType<typeof licensingCompany>>;
let member: ReturnType<typeof answerChecker>;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  document = await servedDocument();
  company = await licensingCompany('Licensing answers', {
    prefix: 'Answers',
    payees: ['Answers payee'],
    recordingsPaidToFirstPayee: true,
  });
  member = answerChecker(document, company.own.manager.token, company.own.companyId);
}, 120_000);

describe('licensing answers what the document declares', () => {
  it('a licence’s advance, invoice and its PDF, payment, report received, quote and signed copy; the summary', async () => {
    const license = await company.signed({
      type: 'outgoing',
      licensee_name: `Answers Film ${company.stamp}`,
      licensee_country: 'GB',
      usage: 'Closing titles',
      license_start_date: day(-90),
      license_end_date: day(10),
      report_every_months: 1,
      fee: '100.00',
      advance_fee: '25.00',
      fee_currency: 'GBP',
      assets: [{ asset_type: 'recording', asset_id: company.recordings[0]?.id, split: '100' }],
    });
    const params = { id: license.id as string };
    await member('POST', '/licenses/{id}/advance', { params, body: { payment_date: day(-1) } });
    await member('POST', '/licenses/{id}/invoice', { params, body: {} });
    await member('GET', '/licenses/{id}/invoice', { params });
    const summary = await member('GET', '/licensing/summary');
    expect(summary.body.due.length, 'an invoice of its own due').toBe(1);
    await member('POST', '/licenses/{id}/payment', { params, body: {} });
    await member('POST', '/licenses/{id}/report_received', { params, body: {} });
    await member('GET', '/licenses/{id}/document', { params, query: 'kind=quote&format=pdf' });
    const file = new TextEncoder().encode('%PDF-1.4 signed');
    const presigned = await member('POST', '/licenses/{id}/signed_copy_upload', {
      params,
      body: { filename: 'signed licence.pdf', content_type: 'application/pdf', size: file.byteLength },
    });
    const uploaded = await fetch(presigned.body.url, { method: 'PUT', headers: presigned.body.headers, body: file });
    expect(uploaded.ok).toBe(true);
    await member('PUT', '/licenses/{id}/signed_copy', { params, body: { signed_copy_key: presigned.body.key } });
    await member('GET', '/licenses/{id}/signed_copy', { params });
  });

  it('the company’s document templates, one saved; the contract templates; a contract’s preview', async () => {
    const templates = await member('GET', '/document_templates', { rows: 'document_templates' });
    const standard = templates.body.document_templates[0] as { id: string; default_text: string };
    await member('PATCH', '/document_templates/{id}', {
      params: { id: standard.id },
      body: { text: standard.default_text },
    });
    await member('GET', '/contract_templates', { rows: 'contract_templates' });
    const release = company.release.id;
    await member('POST', '/contracts/preview', {
      body: {
        contractable_type: 'release',
        contractable_id: release,
        contract_payees: [{ payee_id: company.payees[0]?.id, share: '100' }],
        royalty_terms: { deal_type: 'royalty', terms: [{ conditions: {}, rate: '25', base: 'net_receipts' }] },
        start_pay_period: '2026-01',
        end_pay_period: '2026-03',
      },
    });
  });
});
