import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { PERMISSIONS, permissionAction, type Permission } from '../../../../shared/permissions';
import { API_BASE, api, errorMessage } from '../../app/api';
import { displayLabel } from '../../app/display-labels';

type Parameter = { name: string; in: string; required?: boolean };
type DescribedOperation = {
  operationId?: string;
  tags?: string[];
  'x-auth-rule'?: string;
  'x-permission'?: string;
  parameters?: Parameter[];
  requestBody?: {
    content?: Record<string, { schema?: { properties?: Record<string, unknown>; required?: string[] } }>;
  };
};
type OpenApiDocument = {
  info: { title: string; version: string };
  paths: Record<string, Record<string, DescribedOperation>>;
};

/** One call as the page lists it. */
type Call = { key: string; area: string; method: string; path: string; who: string; input: string };

const isPermission = (value: string | undefined): value is Permission =>
  (PERMISSIONS as readonly string[]).includes(value ?? '');

/** Who may make a call, in words: the auth rule and, for company calls, what the member's role must allow. */
function whoMayCall(operation: DescribedOperation): string {
  const who = displayLabel(`api_${operation['x-auth-rule'] ?? 'user'}`);
  const permission = operation['x-permission'];
  return isPermission(permission) ? `${who} whose role lets them ${permissionAction(permission)}` : who;
}

/** The names a call takes: path and query parameters, then the JSON body's fields (required ones marked *). */
function inputOf(operation: DescribedOperation): string {
  const parameters = (operation.parameters ?? [])
    .filter((p) => p.in === 'path' || p.in === 'query')
    .map((p) => (p.in === 'path' ? `{${p.name}}` : `?${p.name}`));
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  const required = new Set(schema?.required ?? []);
  const fields = Object.keys(schema?.properties ?? {}).map((name) => (required.has(name) ? `${name}*` : name));
  return [...parameters, ...fields].join(', ') || '-';
}

function callsOf(document: OpenApiDocument): Call[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      key: `${method} ${path}`,
      area: operation.tags?.[0] ?? 'other',
      method: method.toUpperCase(),
      path,
      who: whoMayCall(operation),
      input: inputOf(operation),
    })),
  );
}

/**
 * The API reference: every call of the API grouped by area, who may make it and what it takes,
 * read from the same OpenAPI document integrators download (GET /api/v1/openapi.json).
 */
export function ApiDocsPage() {
  const { data, error, isLoading } = useSWR<OpenApiDocument>('openapi-document', () =>
    api.get<OpenApiDocument>('/openapi.json', { auth: false }),
  );
  const [filter, setFilter] = useState('');
  const calls = useMemo(() => (data ? callsOf(data) : []), [data]);
  const shown = useMemo(() => {
    const text = filter.trim().toLowerCase();
    return text ? calls.filter((c) => `${c.key} ${c.area} ${c.who}`.toLowerCase().includes(text)) : calls;
  }, [calls, filter]);
  const areas = [...new Set(shown.map((c) => c.area))].sort();

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Every call of the Label Platform API: who may make it and what it takes."
          actions={
            <Link external href={`${API_BASE}/openapi.json`}>
              OpenAPI document (JSON)
            </Link>
          }
        >
          API reference
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container data-testid="api-docs-page">
          <SpaceBetween size="s">
            <Box>
              Calls other than public ones need a signed-in user’s token in the <code>Authorization: Bearer</code>{' '}
              header. Calls in a company’s data also name the company in the <code>X-Company-Id</code> header, and the
              caller’s role in that company must allow what the call does. Wrong input is answered with 400 and the
              fields that were wrong, by name.
            </Box>
            <TextFilter
              filteringText={filter}
              filteringPlaceholder="Find a call by path, area or who may make it"
              filteringAriaLabel="Find a call"
              countText={data ? `${shown.length} of ${calls.length} calls` : undefined}
              onChange={({ detail }) => setFilter(detail.filteringText)}
            />
          </SpaceBetween>
        </Container>
        {isLoading && <Spinner size="large" />}
        {error && <Alert type="error">{errorMessage(error)}</Alert>}
        {areas.map((area) => {
          const rows = shown.filter((c) => c.area === area);
          return (
            <ExpandableSection
              key={area}
              variant="container"
              defaultExpanded={filter.trim() !== ''}
              headerText={displayLabel(area)}
              headerCounter={`(${rows.length})`}
            >
              <Table
                variant="embedded"
                wrapLines
                items={rows}
                trackBy="key"
                columnDefinitions={[
                  {
                    id: 'call',
                    header: 'Call',
                    cell: (c) => (
                      <code>
                        {c.method} {c.path}
                      </code>
                    ),
                  },
                  { id: 'who', header: 'Who may call', cell: (c) => c.who },
                  { id: 'input', header: 'Takes', cell: (c) => c.input },
                ]}
              />
            </ExpandableSection>
          );
        })}
      </SpaceBetween>
    </ContentLayout>
  );
}
