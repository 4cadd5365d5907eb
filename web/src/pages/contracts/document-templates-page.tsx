import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useEffect, useState } from 'react';
import { ApiError, api, errorMessage } from '../../app/api';
import { notify } from '../../app/notifications';
import { useApi } from '../../app/resources';
import { usePermits } from '../../app/use-may-open';
import { Permitted } from '../../components/permitted';

type DocumentTemplate = {
  id: string;
  name: string;
  used_for: 'contract' | 'licence';
  text: string;
  default_text: string;
  customised: boolean;
  placeholders: string[];
};

const USED_FOR_WORDS: Record<DocumentTemplate['used_for'], string> = {
  contract: 'New contracts on a release or a label are written from it',
  licence: 'The licensing hub writes each licence’s papers from it',
};

/** One template's text, its placeholders, save and restore the default. */
function TemplateEditor({ template, onSaved }: { template: DocumentTemplate; onSaved: () => Promise<unknown> }) {
  const [text, setText] = useState(template.text);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // Saving a template is catalogue.write (PATCH /document_templates/{id}); a reader sees the text, read-only.
  const mayEdit = usePermits('catalogue.write');
  useEffect(() => {
    setText(template.text);
    setError(undefined);
  }, [template]);
  const save = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await api.patch<{ message: string }>(`/document_templates/${encodeURIComponent(template.id)}`, {
        text,
      });
      notify('notification', answer.message);
      await onSaved();
    } catch (failure) {
      if (failure instanceof ApiError && failure.errors?.text) setError(failure.errors.text.join(' '));
      else notify('error', errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Container
      data-testid="document-template"
      header={
        <Header
          variant="h2"
          description={`${USED_FOR_WORDS[template.used_for]}. ${template.customised ? 'Your company’s own text.' : 'The standard text.'}`}
          actions={
            <Permitted permission="catalogue.write">
              <SpaceBetween direction="horizontal" size="xs">
                <Button disabled={text === template.default_text} onClick={() => setText(template.default_text)}>
                  Restore the standard text
                </Button>
                <Button
                  data-testid="document-template-save"
                  variant="primary"
                  loading={busy}
                  onClick={() => void save()}
                >
                  Save template
                </Button>
              </SpaceBetween>
            </Permitted>
          }
        >
          {template.name}
        </Header>
      }
    >
      <FormField
        label="Text"
        errorText={error}
        description={`Placeholders the document fills in: ${template.placeholders.map((p) => `{{${p}}}`).join(' ')}`}
        stretch
      >
        <Textarea
          data-testid="document-template-text"
          value={text}
          readOnly={!mayEdit}
          rows={24}
          onChange={({ detail }) => setText(detail.value)}
        />
      </FormField>
    </Container>
  );
}

/**
 * The company's document templates: the contract types' and the licensing hub's (master use licence,
 * quote), each editable; documents written after a save use the company's text.
 */
export function DocumentTemplatesPage() {
  const { data, error, mutate } = useApi<{ document_templates: DocumentTemplate[] }>('/document_templates');
  const templates = data?.document_templates ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const template = templates.find((t) => t.id === chosen) ?? templates[0];
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="The texts your contracts, licences and quotes are written from. A document already written, or signed, keeps its text."
        >
          Document templates
        </Header>
      }
    >
      <SpaceBetween size="l">
        {error ? <Box color="text-status-error">{errorMessage(error)}</Box> : null}
        {templates.length ? (
          <SegmentedControl
            data-testid="document-template-choice"
            selectedId={template?.id ?? null}
            onChange={({ detail }) => setChosen(detail.selectedId)}
            options={templates.map((t) => ({ id: t.id, text: t.name }))}
          />
        ) : null}
        {template ? <TemplateEditor template={template} onSaved={() => mutate()} /> : <Box>Loading templates</Box>}
      </SpaceBetween>
    </ContentLayout>
  );
}
