import Big from 'big.js';
import { fillPeriod, MESSAGES } from '../../../../shared/messages.js';
import type { Mail } from '../../../lib/mail.js';
import { XLSX_TYPE } from './line-files.js';
import { money } from './format.js';
import { periodWords, subjectPeriod } from '../../../../shared/statement-periods.js';
import type { StatementDocument } from './render.js';

/**
 * The files a statement's mail attaches (its account's settings choose them: line-files.ts) and, when its lines were
 * too many to attach, how many there are.
 */
export type StatementFiles = { pdf?: Uint8Array; csv?: Uint8Array; xlsx?: Uint8Array; linesNotAttached?: number };

/** The attachment's name: the statement's number and period ("ST-000042-2026-Q3.pdf"). */
function statementFileName(document: StatementDocument, extension: 'pdf' | 'csv' | 'xlsx'): string {
  const { number, accounting_period } = document.statement;
  const stem = `${number}-${accounting_period}`.replace(/[^\w-]+/g, '_');
  return `${stem}.${extension}`;
}

/**
 * The body when the statement has no message of its own: the period, the amount payable, what is paid out when VAT
 * or tax withheld make it differ (the statement's payout), and, if nothing is paid, why.
 */
function defaultText(document: StatementDocument): string {
  const { statement, payee } = document;
  const payable = money(statement.figures.payable, statement.currency);
  const lines = [
    `Dear ${payee.name},`,
    '',
    `Please find attached your royalty statement ${statement.number} for ${periodWords(statement)}.`,
    `Amount payable: ${payable}.`,
  ];
  const { payout } = statement;
  if (!new Big(payout.total).eq(payout.payable)) {
    const parts = [
      new Big(payout.vat).gt(0) ? `VAT of ${money(payout.vat, statement.currency)} added` : '',
      new Big(payout.withholding_tax).gt(0)
        ? `tax of ${money(payout.withholding_tax, statement.currency)} withheld for the tax authority`
        : '',
    ].filter(Boolean);
    lines.push(`Amount paid to you: ${money(payout.total, statement.currency)} (${parts.join(', ')}).`);
  }
  if (new Big(statement.figures.payable).eq(0) && statement.not_paid_reasons.length > 0) {
    lines.push(`Nothing is paid this time: ${statement.not_paid_reasons.map((r) => r.text).join('; ')}.`);
  }
  lines.push('', document.company.name);
  return lines.join('\n');
}

/**
 * The statement's mail, one per recipient (the statement's recipients, else the payee's e-mail;
 * none when neither exists), with its files attached. Subject: the statement's own, else "Royalty
 * Statement for {payee name} %PERIOD%", with %PERIOD% filled in with the accounting period. It comes in the company's
 * name, and a payee's question goes to the company's contact address.
 */
export function statementMail(document: StatementDocument, files: StatementFiles): Mail[] {
  const { statement, payee } = document;
  const recipients = statement.recipients.length > 0 ? statement.recipients : payee.email ? [payee.email] : [];
  // The subject is the product's template word for word, its period filled in as year and period ("2026-Q3"), as
  // labels' payees have always received it (a span no such name fits in words, subjectPeriod); the body and the
  // attachments write the period in words.
  const subject = fillPeriod(
    statement.subject.trim() || MESSAGES.statementSubject(payee.name),
    subjectPeriod(statement),
  );
  const written = statement.message.trim() || defaultText(document);
  const text =
    files.linesNotAttached === undefined
      ? written
      : `${written}\n\nThe statement's ${files.linesNotAttached} lines are too many to attach to a mail: ask ${document.company.name} for them as a file.`;
  const attachments = [
    ...(files.pdf ? [{ extension: 'pdf' as const, contentType: 'application/pdf', content: files.pdf }] : []),
    ...(files.csv ? [{ extension: 'csv' as const, contentType: 'text/csv', content: files.csv }] : []),
    ...(files.xlsx ? [{ extension: 'xlsx' as const, contentType: XLSX_TYPE, content: files.xlsx }] : []),
  ].map(({ extension, ...file }) => ({ filename: statementFileName(document, extension), ...file }));
  const sender = { name: document.company.name, replyTo: document.company.email };
  return recipients.map((to) => ({ to, sender, subject, text, attachments }));
}
