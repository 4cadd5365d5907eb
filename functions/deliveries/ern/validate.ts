import { readFileSync } from 'node:fs';
import { XmlBufferInputProvider, XmlDocument, XsdValidator, xmlRegisterInputProvider } from 'libxml2-wasm';
import { assetPath } from '../../lib/assets.js';

/**
 * ERN 4.3 schema validation with libxml2 (WASM) against the XSDs vendored beside this code
 * (functions/deliveries/ern/schemas/, copied from the DDEX 4.3 release). A message that fails is
 * never sent: the delivery fails naming the first error.
 */
const SCHEMA_DIR = 'functions/deliveries/ern/schemas';
const MAIN = 'release-notification.xsd';
const AVS = 'allowed-value-sets.xsd';

/** The schema files a function that validates ERN messages carries (infra/functions.ts `assets`). */
export const ERN_SCHEMA_ASSETS = [`${SCHEMA_DIR}/${MAIN}`, `${SCHEMA_DIR}/${AVS}`] as const;

// The schema imports the allowed value sets by a relative location; both are served from memory
// under a private scheme so no other document can make libxml2 read the file system.
const BASE = 'ern43-schema:/';
let validator: XsdValidator | null = null;

function ernValidator(): XsdValidator {
  if (validator) return validator;
  const read = (name: string) => new Uint8Array(readFileSync(assetPath(`${SCHEMA_DIR}/${name}`)));
  xmlRegisterInputProvider(new XmlBufferInputProvider({ [`${BASE}${AVS}`]: read(AVS) }));
  // The schema document stays alive as long as the validator built from it.
  validator = XsdValidator.fromDoc(XmlDocument.fromBuffer(read(MAIN), { url: `${BASE}${MAIN}` }));
  return validator;
}

/** The first way the message breaks the ERN 4.3 schema, as "line N: message", or null when valid. */
function firstSchemaError(xml: string): string | null {
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml);
  } catch (error) {
    return `not well-formed XML: ${(error as Error).message.trim()}`;
  }
  try {
    ernValidator().validate(doc);
    return null;
  } catch (error) {
    const first = (error as { details?: { message: string; line?: number }[] }).details?.[0];
    if (!first) return (error as Error).message.trim();
    return `${first.line ? `line ${first.line}: ` : ''}${first.message.trim()}`;
  } finally {
    doc.dispose();
  }
}

/** Whether an ERN message is valid against the 4.3 schema; when not, its first error. */
export async function validateErn(xml: string): Promise<{ valid: true } | { valid: false; firstError: string }> {
  const firstError = firstSchemaError(xml);
  return firstError === null ? { valid: true } : { valid: false, firstError };
}
