import type { StoredAsset } from '../catalogue/delivery-assets.js';

/** One file of a batch: its path inside the batch folder and where its bytes come from. */
export type PlannedFile =
  | { path: string; kind: 'resource'; asset: StoredAsset }
  | { path: string; kind: 'ern'; xml: string }
  | { path: string; kind: 'batchComplete'; xml: string };

/** A name safe as one path segment on any server (no folders, no control characters). */
const safeSegment = (name: string) => name.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '_') || '_';

/** A resource file: its path relative to the ERN (as the message's URI names it) and the stored object. */
export type BatchResource = { uri: string; asset: StoredAsset };

/** A relative path with every segment made safe: never `..`, never absolute. */
const safePath = (uri: string) => uri.split('/').filter(Boolean).map(safeSegment).join('/');

/**
 * A batch as the DDEX choreography lays it out: `{batch}/{upc}/resources/…` first, then the ERN
 * `{batch}/{upc}/{upc}.xml`, then `{batch}/BatchComplete_{batch}.xml` LAST, so a store that sees
 * the BatchComplete file knows everything it names is there. Pure: the order is the rule.
 */
export function planBatch(input: {
  batchId: string;
  releaseFolder: string;
  resources: readonly BatchResource[];
  ernXml: string;
  createdAt: string;
}): PlannedFile[] {
  const folder = `${safeSegment(input.batchId)}/${safeSegment(input.releaseFolder)}`;
  const resources = input.resources.map(
    ({ uri, asset }): PlannedFile => ({ path: `${folder}/${safePath(uri)}`, kind: 'resource', asset }),
  );
  const ern: PlannedFile = {
    path: `${folder}/${safeSegment(input.releaseFolder)}.xml`,
    kind: 'ern',
    xml: input.ernXml,
  };
  const listed = [...resources, ern].map((f) => `    <File>${escapeXml(f.path)}</File>`).join('\n');
  const complete: PlannedFile = {
    path: `${safeSegment(input.batchId)}/BatchComplete_${safeSegment(input.batchId)}.xml`,
    kind: 'batchComplete',
    xml:
      `<?xml version="1.0" encoding="UTF-8"?>\n<BatchComplete>\n  <BatchId>${escapeXml(input.batchId)}</BatchId>\n` +
      `  <CreatedDateTime>${escapeXml(input.createdAt)}</CreatedDateTime>\n  <Files>\n${listed}\n  </Files>\n</BatchComplete>\n`,
  };
  return [...resources, ern, complete];
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
