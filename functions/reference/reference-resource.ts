import { ulid } from 'ulid';
import { z } from 'zod';
import { cachedList, listsChanged } from '../data/list-cache.js';
import { getDb } from '../data/service.js';
import { writeTransaction } from '../data/transaction.js';
import { guardsFor, normaliseUnique, type Guard } from '../data/unique-guards.js';
import { humanizeField } from '../../shared/messages.js';
import { NotFound } from '../lib/errors.js';
import { operation, reply, type Operation } from '../lib/http.js';
import { listQuerySchema, pageOf } from '../lib/list-query.js';

type Db = ReturnType<typeof getDb>;
type EntityName = 'Country' | 'Language' | 'Genre' | 'PerformerRole';
type Row = Record<string, unknown> & { id: string };

/**
 * One reference collection (countries, languages, genres, …): its entity, input schema, sort
 * and search fields and the words of its notices. `referenceOperations` turns it into the
 * list / get / create / update / delete / bulk_destroy operations of spec 1 §7.
 */
export type ReferenceResource = {
  collection: string;
  singular: string;
  /** "Country" as in "Country Added". */
  title: string;
  entity: EntityName;
  input: z.ZodObject;
  sortFields: readonly [string, ...string[]];
  searchFields: readonly string[];
  /** The field that names a record (default `name`): pickers sort by it, messages quote it. */
  nameField?: string;
  /** The body key of bulk_destroy; the spec spells some irregularly (performer_roles_ids). */
  bulkKey?: string;
  /** Rows pickers show first whatever the order (Instrumental among languages). */
  pinned?: (row: Row) => boolean;
  /** Fields no two records may share (case-insensitive), enforced with guard items. */
  unique?: readonly string[];
};

const idParams = z.strictObject({ id: z.string().min(1).max(64) });

/** The API shape of a stored record: snake_case timestamps, no key attributes. */
function view(item: Record<string, unknown>): Row {
  const { createdAt, updatedAt, ...fields } = item;
  return { ...(fields as Row), created_at: createdAt as string, updated_at: updatedAt as string };
}

export function referenceOperations(resource: ReferenceResource): Record<string, Operation> {
  const entity = (db: Db) => db.entities[resource.entity] as unknown as {
    query: { all: (k: object) => { go: (o: object) => Promise<{ data: Record<string, unknown>[] }> } };
    get: (k: { id: string }) => { go: () => Promise<{ data: Record<string, unknown> | null }> };
  };
  const list = `reference#${resource.collection}`;
  const bulkKey = resource.bulkKey ?? `${resource.singular}_ids`;
  const nameField = resource.nameField ?? 'name';
  const all = () => cachedList(list, async () => (await entity(getDb()).query.all({}).go({ pages: 'all' })).data.map(view));

  async function load(id: string): Promise<Row> {
    const found = await entity(getDb()).get({ id }).go();
    if (!found.data) throw new NotFound(resource.title);
    return view(found.data);
  }

  const unique = resource.unique ?? [];
  const taken = (field: string) => ({ field, message: `${humanizeField(field)} has already been taken` });

  /**
   * Writes one change to a record atomically with its guard items (released and claimed) and
   * the list version; a claimed guard that exists already answers 409 naming its field.
   */
  const write = (change: (entity: any) => unknown, guards: { release?: Guard[]; claim?: Guard[]; ownerId: string }) => {
    const release = guards.release ?? [];
    const claim = guards.claim ?? [];
    return writeTransaction(
      (entities) => [
        change(entities[resource.entity]) as never,
        ...release.map((g) => entities.UniqueValue.delete({ scope: g.scope, value: g.value }).commit()),
        ...claim.map((g) => entities.UniqueValue.create({ scope: g.scope, value: g.value, ownerId: guards.ownerId }).commit()),
        ...listsChanged(entities.ListVersion, [list]),
      ],
      Object.fromEntries(claim.map((g, i) => [1 + release.length + i, taken(g.field)])),
    );
  };

  return {
    [`${resource.collection}.list`]: operation({
      query: listQuerySchema(resource.sortFields, { all: z.enum(['true', 'false']).optional() }),
      run: async ({ query }) => {
        const rows = await all();
        if (query.all === 'true') {
          const sorted = pageOf(rows, { page: 1, perPage: rows.length || 1, sort: { field: nameField, direction: 'asc' }, searchFields: [], tieBreaker: 'id' }).items;
          const pinned = resource.pinned ? [...sorted.filter(resource.pinned), ...sorted.filter((r) => !resource.pinned!(r))] : sorted;
          return { [resource.collection]: pinned, total_count: pinned.length, total_pages: 1 };
        }
        const page = pageOf(rows, { page: query.page, perPage: query.per_page, sort: query.sort, q: query.q, searchFields: resource.searchFields, tieBreaker: 'id' });
        return { [resource.collection]: page.items, total_count: page.total_count, total_pages: page.total_pages, page: page.page, per_page: page.per_page };
      },
    }),
    [`${resource.collection}.get`]: operation({
      params: idParams,
      run: async ({ params }) => ({ [resource.singular]: await load(params.id) }),
    }),
    [`${resource.collection}.create`]: operation({
      body: resource.input,
      run: async ({ body }) => {
        const id = ulid();
        const claim = guardsFor(resource.collection, unique, body as Record<string, unknown>);
        await write((e) => e.create({ ...(body as object), id }).commit(), { claim, ownerId: id });
        return reply(201, { [resource.singular]: await load(id), message: `${resource.title} Added` });
      },
    }),
    [`${resource.collection}.update`]: operation({
      params: idParams,
      body: resource.input.partial(),
      run: async ({ params, body }) => {
        const before = await load(params.id);
        const changes = body as Record<string, unknown>;
        const changed = unique.filter((f) => f in changes && normaliseUnique(changes[f]) !== normaliseUnique(before[f]));
        await write((e) => e.patch({ id: params.id }).set(changes).commit(), {
          release: guardsFor(resource.collection, changed, before),
          claim: guardsFor(resource.collection, changed, changes),
          ownerId: params.id,
        });
        return { [resource.singular]: await load(params.id), message: `${resource.title} Updated` };
      },
    }),
    [`${resource.collection}.delete`]: operation({
      params: idParams,
      run: async ({ params }) => {
        const row = await load(params.id);
        await write((e) => e.delete({ id: params.id }).commit(), { release: guardsFor(resource.collection, unique, row), ownerId: params.id });
        return { message: `${resource.title} ${String(row[nameField])} deleted` };
      },
    }),
    [`${resource.collection}.bulkDestroy`]: operation({
      body: z.strictObject({ [bulkKey]: z.array(z.string().min(1).max(64)).min(1).max(100) }),
      run: async ({ body }) => {
        const ids = [...new Set((body as Record<string, string[]>)[bulkKey])];
        const existing = (await Promise.all(ids.map((id) => entity(getDb()).get({ id }).go()))).flatMap((f) => (f.data ? [f.data] : []));
        // DynamoDB transactions hold up to 100 items: each record with its guards, plus the list version.
        const perChunk = Math.floor(99 / (1 + unique.length));
        for (let i = 0; i < existing.length; i += perChunk) {
          const chunk = existing.slice(i, i + perChunk);
          await writeTransaction((entities) => [
            ...chunk.flatMap((row) => [
              (entities[resource.entity] as any).delete({ id: row.id }).commit(),
              ...guardsFor(resource.collection, unique, row).map((g) => entities.UniqueValue.delete({ scope: g.scope, value: g.value }).commit()),
            ]),
            ...listsChanged(entities.ListVersion, [list]),
          ]);
        }
        const noun = (existing.length === 1 ? resource.singular : resource.collection).replace(/_/g, ' ');
        return { message: `${existing.length} ${noun} deleted`, deleted: existing.length };
      },
    }),
  };
}
