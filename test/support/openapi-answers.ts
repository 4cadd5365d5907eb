import { createRequire } from 'node:module';
import { getOrCreate } from '../../functions/lib/get-or-create.js';

/** A compiled schema: true when the data fits, else false with what did not fit in `errors`. */
type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };

/**
 * Checks an API answer against the response schema the OpenAPI document declares for its route, with
 * ajv's JSON Schema 2020-12 validator (the dialect of OpenAPI 3.1). It is the ajv 8 that
 * @apidevtools/swagger-parser (the document's own validator) brings, loaded through it: the
 * project's top-level ajv is an older one another tool needs.
 */
const fromSwaggerParser = createRequire(createRequire(import.meta.url).resolve('@apidevtools/swagger-parser'));
const { default: Ajv2020 } = fromSwaggerParser('ajv/dist/2020') as {
  default: new (
    options: object,
  ) => {
    compile(schema: object): Validate;
  };
};

const ajv = new Ajv2020({ strict: false, allErrors: true });

/** The parts of an OpenAPI 3.1 document read here. */
type Document = {
  paths?: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>
  >;
  components?: object;
};

/** The 200 answer's schema a route declares, or undefined when it declares none. */
export function declaredAnswer(document: Document, method: string, path: string): object | undefined {
  return document.paths?.[path]?.[method.toLowerCase()]?.responses?.['200']?.content?.['application/json']?.schema;
}

/**
 * Each route's validator, compiled once per served document. ajv keys its own cache by the schema object, and the
 * schema below is a new object on every call, so without this every answer checked compiled its route's schema and
 * the components it reaches again (5 to 10 ms each), and kept every copy.
 */
const compiled = new WeakMap<Document, Map<string, Validate>>();

function validatorOf(document: Document, method: string, path: string, schema: object): Validate {
  const routes = getOrCreate(compiled, document, () => new Map<string, Validate>());
  // The schema's $refs point into the document's components: they travel with it.
  return getOrCreate(routes, `${method.toUpperCase()} ${path}`, () =>
    ajv.compile({ ...schema, components: document.components }),
  );
}

/** What is wrong with an answer against the route's declared schema: [] when it fits. */
export function answerProblems(document: Document, method: string, path: string, body: unknown): string[] {
  const schema = declaredAnswer(document, method, path);
  if (!schema) return [`${method} ${path} declares no answer`];
  const validate = validatorOf(document, method, path, schema);
  return validate(body) ? [] : (validate.errors ?? []).map((error) => JSON.stringify(error));
}
