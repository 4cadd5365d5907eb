import Big from 'big.js';
import { Document } from 'sepa';
import type { FileContext, FileProblems, FileRow } from './types.js';
import { sepaPackageProblem } from './sepa-errors.js';
import { accountHolder, bankText, SEPA_CHARACTERS } from './bank-text.js';

/**
 * A SEPA credit transfer initiation (ISO 20022 pain.001.001.09) written with the `sepa` package:
 * one payment block from the company's debtor account, one transaction per statement, its
 * EndToEndId the statement number.
 *
 * The package sums amounts as JavaScript floats (its `normalize` adds `amount` numbers), which
 * drifts off the cent over many large amounts; every control sum is therefore replaced by the
 * exact big.js sum of the 2-decimal strings, and each amount goes in as the Number of its
 * 2-decimal string, which `toFixed(2)` writes back exactly. sepa-writer.ts reads the amounts
 * back out of the XML and refuses the file if any differs.
 */
type Built = { xml: string } | { problems: FileProblems };

const merge = (into: FileProblems, more: FileProblems) => {
  for (const [field, texts] of Object.entries(more)) into[field] = [...(into[field] ?? []), ...texts];
};

/** A local calendar date for the package (it writes dates in local time). */
function localDate(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

/** A SEPA file is paid from the company's own bank account: without one there is nothing to write. */
export function debtorProblems(context: FileContext): FileProblems {
  if (!context.debtor)
    return { debtor_account: ["Set the company's bank account (name, IBAN, BIC) before making a SEPA file"] };
  return bankText(context.debtor.name, SEPA_CHARACTERS) === ''
    ? { 'debtor_account.name': ["The company bank account's name needs Latin letters for a SEPA file"] }
    : {};
}

export function sepaXml(rows: readonly FileRow[], context: FileContext): Built {
  const { debtor } = context;
  if (!debtor) return { problems: debtorProblems(context) };
  const doc = new Document('pain.001.001.09');
  doc.grpHdr.id = context.runId;
  doc.grpHdr.created = context.now;
  // Names go in as SEPA's basic Latin set spells them (bank-text.ts): every bank in the scheme takes that set.
  doc.grpHdr.initiatorName = bankText(context.companyName, SEPA_CHARACTERS).slice(0, 70).trimEnd();
  const info = doc.createPaymentInfo();
  info.requestedExecutionDate = localDate(context.executionDate);
  info.debtorIBAN = debtor.iban;
  info.debtorBIC = debtor.bic;
  info.debtorName = bankText(debtor.name, SEPA_CHARACTERS);
  doc.addPaymentInfo(info);

  const problems: FileProblems = {};
  for (const row of rows) {
    const { item, details } = row;
    const tx = info.createTransaction();
    tx.creditorName = bankText(accountHolder(row), SEPA_CHARACTERS);
    tx.creditorIBAN = details.iban ?? '';
    tx.creditorBIC = details.bic ?? '';
    tx.amount = Number(item.amount);
    tx.currency = item.currency;
    tx.end2endId = item.statement_number;
    tx.remittanceInfo = `Royalty statement ${item.statement_number}`;
    try {
      tx.validate();
    } catch (error) {
      merge(problems, sepaPackageProblem(error, `${item.name} (${item.statement_number})`));
    }
    info.addTransaction(tx);
  }
  if (Object.keys(problems).length) return { problems };

  const exact = rows.reduce((sum, { item }) => sum.plus(item.amount), new Big(0)).toFixed(2);
  const infoNormalize = info.normalize.bind(info);
  info.normalize = () => {
    infoNormalize();
    info.controlSum = Number(exact);
  };
  const docNormalize = doc.normalize.bind(doc);
  doc.normalize = () => {
    docNormalize();
    doc.grpHdr.controlSum = Number(exact);
  };
  try {
    return { xml: doc.toString() };
  } catch (error) {
    return { problems: sepaPackageProblem(error, 'The company') };
  }
}
