import { readFileSync } from 'node:fs';
import { XmlDocument, XsdValidator } from 'libxml2-wasm';
import { assetPath } from '../../../lib/assets.js';

/**
 * The EPC's pain.001.001.09 schema, vendored beside this code (functions/money/payouts/schemas/, from the
 * standards folder the issue names) and loaded once: a SEPA file is offered only once it passes.
 */
export const SEPA_SCHEMA = 'pain.001.001.09.xsd';
const SCHEMA_FILE = `functions/money/payouts/schemas/${SEPA_SCHEMA}`;

/** The schema file a function that writes SEPA files carries (infra/functions.ts `assets`). */
export const SEPA_SCHEMA_ASSETS = [SCHEMA_FILE] as const;

let validator: XsdValidator | null = null;

function sepaValidator(): XsdValidator {
  validator ??= XsdValidator.fromDoc(XmlDocument.fromBuffer(readFileSync(assetPath(SCHEMA_FILE))));
  return validator;
}

/** One way the document breaks the schema: the engine's text (for the logs) and where (an XPath). */
export type SchemaFinding = { message: string; path: string };

/** The schema's findings on a document; empty when it is valid (or unreadable XML, as one finding). */
export function schemaFindings(xml: string): SchemaFinding[] {
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml);
  } catch (error) {
    return [{ message: (error as Error).message, path: '/' }];
  }
  try {
    sepaValidator().validate(doc);
    return [];
  } catch (error) {
    const details = (error as { details?: { message: string; xpath?: string }[] }).details ?? [];
    return details.length
      ? details.map((d) => ({ message: d.message.trim(), path: d.xpath ?? '' }))
      : [{ message: (error as Error).message, path: '' }];
  } finally {
    doc.dispose();
  }
}

const NS = { p: 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09' };

/** The amounts a SEPA document states, read back from its XML: each InstdAmt with its EndToEndId, and every CtrlSum. */
export function statedAmounts(xml: string): {
  transactions: { endToEndId: string; amount: string; currency: string }[];
  controlSums: string[];
} {
  const doc = XmlDocument.fromString(xml);
  try {
    const transactions = doc.find('//p:CdtTrfTxInf', NS).map((tx) => ({
      endToEndId: tx.get('p:PmtId/p:EndToEndId', NS)?.content ?? '',
      amount: tx.get('p:Amt/p:InstdAmt', NS)?.content ?? '',
      currency: (tx.get('p:Amt/p:InstdAmt/@Ccy', NS)?.content ?? '').trim(),
    }));
    const controlSums = doc.find('//p:CtrlSum', NS).map((node) => node.content);
    return { transactions, controlSums };
  } finally {
    doc.dispose();
  }
}
