import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { builtOperations } from '../lib/http.js';
import { httpEntry } from '../../infra/functions.js';
import { AREAS, ROUTES } from '../routes.js';
import { buildOpenApiDocument } from './document.js';

/** Where the served document lives: generated into the code, so the Lambda that serves it imports no handler. */
export const DOCUMENT_FILE = fileURLToPath(new URL('./openapi.json', import.meta.url));

/**
 * The document as the code stands now: imports every area's handler (building each records its
 * operations) and describes every route with the schemas its handler validates with.
 */
export async function currentDocument() {
  // A full URL: a bundler's glob over the handler files would name this folder's own handler differently. Each
  // area's file is the one its Lambda runs (its row's entry), wherever its module keeps it.
  await Promise.all(
    AREAS.map((area) => import(/* @vite-ignore */ new URL(`../../${httpEntry(area)}`, import.meta.url).href)),
  );
  return buildOpenApiDocument(
    ROUTES,
    (route) => {
      const operation = builtOperations(route.area)?.[route.op];
      if (!operation) throw new Error(`${route.method} ${route.path}: no operation ${route.area}.${route.op}`);
      return operation;
    },
    { title: 'Label Platform API', version: 'v1' },
  );
}

/** The file's text: stable key order from the route table, two-space indent, a final newline. */
export const documentText = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

// `npm run openapi` regenerates the served file after a route or a handler's schema changed.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await writeFile(DOCUMENT_FILE, documentText(await currentDocument()));
  console.log(`Wrote ${DOCUMENT_FILE}`);
}
