import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import Textarea from '@cloudscape-design/components/textarea';
import { useMemo, useState } from 'react';
import { MAX_HELP_TOPICS, siteHelpInput, type SiteHelpView } from '../../../../../shared/schemas/support';
import { notify } from '../../../app/notifications';
import { ROUTE_BY_NAME, ROUTE_TABLE } from '../../../app/route-table';
import { FormShell } from '../../../components/form-shell';
import { zodErrors } from '../../../components/form-rules';
import { formatDate } from '../../../../../shared/format';
import { useFormSubmit } from '../../../components/use-form-submit';
import { helpFor, resetSiteHelp, saveSiteHelp, useSiteHelp, type HelpTexts } from './site-help-api';

/** The pages an admin may write help for: every page of the site with a title, by title. */
const PAGE_OPTIONS = ROUTE_TABLE.filter((r) => r.path !== '*')
  .map((r) => ({ value: r.name, label: r.title, description: r.path }))
  .sort((a, b) => a.label.localeCompare(b.label));

const pageTitle = (page: string) => ROUTE_BY_NAME.get(page)?.title ?? page;

/** One page's help: its title and topics, saved whole; Reset brings back the help that ships with the site. */
function HelpForm({
  page,
  start,
  edited,
  onDone,
}: {
  page: string;
  start: HelpTexts;
  edited: boolean;
  onDone: () => Promise<void>;
}) {
  const [values, setValues] = useState<HelpTexts>(() => structuredClone(start));
  const setTopic = (index: number, patch: Partial<HelpTexts['topics'][number]>) =>
    setValues((v) => ({ ...v, topics: v.topics.map((t, i) => (i === index ? { ...t, ...patch } : t)) }));
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => {
      const checked = siteHelpInput.safeParse(values);
      return checked.success ? {} : zodErrors(checked.error);
    },
    send: () => saveSiteHelp(page, siteHelpInput.parse(values)),
    onSuccess: async (answer) => {
      notify('notification', answer.message);
      await onDone();
    },
  });
  const reset = async () => {
    const answer = await resetSiteHelp(page);
    notify('notification', answer.message);
    await onDone();
  };
  return (
    <FormShell
      testId="site-help"
      title={`Help for ${pageTitle(page)}`}
      failure={failure}
      errors={errors}
      submitting={submitting}
      submitLabel="Save help"
      onSubmit={() => void submit()}
      onCancel={() => setValues(structuredClone(start))}
    >
      <Container
        header={
          <Header
            variant="h2"
            actions={
              edited ? (
                <Button formAction="none" onClick={() => void reset()} data-testid="site-help-reset">
                  Reset to the built-in help
                </Button>
              ) : undefined
            }
          >
            Help panel
          </Header>
        }
      >
        <SpaceBetween size="l">
          <FormField label="Title" errorText={errors.title} data-testid="site-help-field-title">
            <Input value={values.title} onChange={({ detail }) => setValues((v) => ({ ...v, title: detail.value }))} />
          </FormField>
          {values.topics.map((t, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: topics have no id; the position is what the admin edits
            <Container key={index} data-testid="site-help-topic">
              <SpaceBetween size="s">
                <FormField label="Topic" errorText={errors[`topics.${index}.topic`]}>
                  <Input value={t.topic} onChange={({ detail }) => setTopic(index, { topic: detail.value })} />
                </FormField>
                <FormField label="Text" errorText={errors[`topics.${index}.text`]}>
                  <Textarea value={t.text} onChange={({ detail }) => setTopic(index, { text: detail.value })} />
                </FormField>
                <Button
                  formAction="none"
                  onClick={() => setValues((v) => ({ ...v, topics: v.topics.filter((_, i) => i !== index) }))}
                >
                  Remove topic
                </Button>
              </SpaceBetween>
            </Container>
          ))}
          <FormField errorText={errors.topics}>
            <Button
              formAction="none"
              disabled={values.topics.length >= MAX_HELP_TOPICS}
              onClick={() => setValues((v) => ({ ...v, topics: [...v.topics, { topic: '', text: '' }] }))}
              data-testid="site-help-add-topic"
            >
              Add topic
            </Button>
          </FormField>
        </SpaceBetween>
      </Container>
    </FormShell>
  );
}

/** /admin/site_help: the help panel's texts, page by page, edited by admins. */
export function AdminSiteHelpPage() {
  const { data, mutate } = useSiteHelp();
  const [page, setPage] = useState<string | null>(null);
  const [saves, setSaves] = useState(0);
  const edited: readonly SiteHelpView[] = data?.site_help ?? [];
  const chosen = PAGE_OPTIONS.find((o) => o.value === page) ?? null;
  const start = useMemo(
    () => (page ? (helpFor(page, edited) ?? { title: pageTitle(page), topics: [{ topic: '', text: '' }] }) : null),
    [page, edited],
  );
  const onDone = async () => {
    await mutate();
    // A fresh form after each save or reset: it starts from what is now stored.
    setSaves((n) => n + 1);
  };
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="The help panel’s texts, page by page. A page you have not edited shows the help that ships with the site."
        >
          Site help
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container>
          <FormField label="Page" description="The page whose help panel you want to edit.">
            <Select
              selectedOption={chosen}
              options={PAGE_OPTIONS}
              filteringType="auto"
              placeholder="Choose a page"
              onChange={({ detail }) => setPage(detail.selectedOption.value ?? null)}
              data-testid="site-help-page"
            />
          </FormField>
        </Container>
        {page && start && data ? (
          <HelpForm
            key={`${page}-${saves}`}
            page={page}
            start={start}
            edited={edited.some((h) => h.page === page)}
            onDone={onDone}
          />
        ) : null}
        <Table
          data-testid="site-help-edited"
          header={
            <Header variant="h2" counter={`(${edited.length})`}>
              Edited pages
            </Header>
          }
          items={[...edited]}
          trackBy="page"
          empty={<Box color="text-body-secondary">No page’s help has been edited yet.</Box>}
          columnDefinitions={[
            {
              id: 'page',
              header: 'Page',
              cell: (h) => (
                <Button variant="inline-link" onClick={() => setPage(h.page)}>
                  {pageTitle(h.page)}
                </Button>
              ),
            },
            { id: 'title', header: 'Title', cell: (h) => h.title },
            { id: 'topics', header: 'Topics', cell: (h) => h.topics.length },
            { id: 'updated', header: 'Updated', cell: (h) => formatDate(h.updated_at) },
          ]}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
