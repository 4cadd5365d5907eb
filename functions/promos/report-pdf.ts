import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { ENV } from '../../infra/resources.js';
import * as data from '../data/access/promos.js';
import { putBytes } from '../lib/bucket-objects.js';
import { downloadName } from '../lib/download-name.js';
import { requireEnv } from '../lib/clients.js';
import { fontRuns, pdfmakeWithFonts } from '../money/index.js';
import { presignDownload } from '../uploads/presign.js';
import { promoRecipients } from './analysis.js';
import { loadPromo } from './promos.js';

/**
 * The promo's report for the artist, as a PDF (pdfmake with the statements' fonts, so any name prints):
 * the summary, plays per track, who played and downloaded, and every feedback with its rating and
 * comment. Made from the same figures as the analysis page (analysis.ts), at the moment it is asked for.
 */
const SUPPORT_WORDS = { yes: 'Will support', maybe: 'Maybe', no: 'Will not support' } as const;

type Analysis = Awaited<ReturnType<typeof promoRecipients>>;
type Recipient = Analysis['recipients'][number];

const cell = (value: string | number): TableCell => fontRuns(String(value));
const header = (...titles: string[]): TableCell[] => titles.map((text) => ({ text, style: 'tableHeader' }));
const who = (r: Recipient) => (r.name ? `${r.name} (${r.email})` : r.email);

function table(widths: (number | string)[], head: TableCell[], rows: TableCell[][], empty: string): Content {
  if (!rows.length) return { text: empty, style: 'note' };
  return { table: { headerRows: 1, widths, body: [head, ...rows] }, layout: 'lightHorizontalLines' };
}

/** The report's pages: what the artist reads, with no ids. */
function reportContent(
  promo: { title: string; artists: string; sent_at: string | null; expiry_date: string },
  analysis: Analysis,
  titles: Map<string, string>,
): Content[] {
  const { summary, recipients } = analysis;
  const plays = new Map<string, number>();
  for (const r of recipients) for (const [id, n] of Object.entries(r.plays)) plays.set(id, (plays.get(id) ?? 0) + n);
  const engaged = recipients.filter((r) => r.play_count > 0 || r.downloads > 0);
  const feedback = recipients.filter((r) => r.feedback);
  return [
    { ...fontRuns(`Promo report: ${promo.artists ? `${promo.artists} – ` : ''}${promo.title}`), style: 'title' },
    {
      text: `Sent ${promo.sent_at ? promo.sent_at.slice(0, 10) : 'not yet'} · link valid until ${promo.expiry_date}`,
      style: 'note',
      margin: [0, 2, 0, 10],
    },
    { text: 'Summary', style: 'heading' },
    table(
      ['*', 'auto'],
      header('Measure', 'Count'),
      [
        [cell('Recipients'), cell(summary.recipients)],
        [cell('Delivered'), cell(summary.delivered)],
        [cell('Opened (unreliable: mail apps open links by themselves)'), cell(summary.opened)],
        [cell('Played'), cell(summary.played)],
        [cell('Downloaded'), cell(summary.downloaded)],
        [cell('Gave feedback'), cell(summary.feedback)],
        [cell('Average rating (1–5)'), cell(summary.average_rating ?? '–')],
      ],
      '',
    ),
    { text: 'Plays per track', style: 'heading' },
    table(
      ['*', 'auto'],
      header('Track', 'Plays'),
      [...titles].map(([id, title]) => [cell(title), cell(plays.get(id) ?? 0)]),
      'No tracks.',
    ),
    { text: 'Who played and downloaded', style: 'heading' },
    table(
      ['*', 'auto', 'auto'],
      header('Recipient', 'Plays', 'Downloads'),
      engaged.map((r) => [cell(who(r)), cell(r.play_count), cell(r.downloads)]),
      'Nobody has played or downloaded the promo yet.',
    ),
    { text: 'Feedback', style: 'heading' },
    table(
      ['auto', 'auto', 'auto', 'auto', '*'],
      header('Recipient', 'Rating', 'Support', 'Favourite track', 'Comment'),
      feedback.map((r) => {
        const given = r.feedback as NonNullable<Recipient['feedback']>;
        const favourite = given.favourite_recording_id ? (titles.get(given.favourite_recording_id) ?? '') : '';
        return [
          cell(who(r)),
          cell(`${given.rating} / 5`),
          cell(SUPPORT_WORDS[given.support]),
          cell(favourite),
          cell(given.comment ?? ''),
        ];
      }),
      'No feedback yet.',
    ),
  ];
}

async function renderReport(content: Content[], title: string): Promise<Uint8Array> {
  const definition: TDocumentDefinitions = {
    info: { title, subject: 'Promo report' },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 16, bold: true },
      heading: { fontSize: 11, bold: true, margin: [0, 14, 0, 4] },
      note: { color: '#666666', fontSize: 8 },
      tableHeader: { bold: true, color: '#333333' },
    },
    content,
    footer: (currentPage, pageCount) => ({
      text: `Page ${currentPage} of ${pageCount}`,
      alignment: 'right',
      margin: [40, 16, 40, 0],
      fontSize: 8,
      color: '#666666',
    }),
  };
  const buffer = await (await pdfmakeWithFonts()).createPdf(definition).getBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** GET promos/{id}/report_pdf: the report, made now, kept beside the promo and handed out as a short-lived link. */
export async function reportPdfLink(tenantId: string, promoId: string) {
  const promo = await loadPromo(tenantId, promoId);
  const [analysis, release] = await Promise.all([
    promoRecipients(tenantId, promoId),
    data.promoRelease(tenantId, promo.release_id),
  ]);
  const byId = new Map((release?.recordings ?? []).map((r) => [r.id, r.title]));
  const titles = new Map(promo.recording_ids.map((id) => [id, byId.get(id) ?? 'Track']));
  const fields = {
    title: promo.title,
    artists: promo.artists ?? '',
    sent_at: promo.sent_at ?? null,
    expiry_date: promo.expiry_date,
  };
  const pdf = await renderReport(reportContent(fields, analysis, titles), `Promo report ${promo.title}`);
  const key = `promo-reports/${tenantId}/${promo.id}/report.pdf`;
  await putBytes(requireEnv(ENV.uploadsBucket), key, pdf, 'application/pdf');
  const filename = downloadName(`Promo report — ${promo.title}`, 'pdf');
  return { url: await presignDownload(key, 'application/pdf', filename), filename };
}
