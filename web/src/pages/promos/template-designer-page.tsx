import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useEffect, useState } from 'react';
import { TEMPLATE_BLOCK_TYPES, type TemplateBlock } from '../../../../shared/schemas/promo-templates';
import { api } from '../../app/api';
import { displayLabel } from '../../app/display-labels';
import { notify, notifyError } from '../../app/notifications';
import { useApi } from '../../app/resources';
import { useFormSubmit } from '../../components/use-form-submit';

type BlockType = TemplateBlock['type'];
type Template = { id: string; name: string; accent_colour: string; blocks: TemplateBlock[] };
type Design = Omit<Template, 'id'> & { id?: string };

const NEW_DESIGN: Design = {
  name: 'New template',
  accent_colour: '#0972d3',
  blocks: [
    { type: 'cover' },
    { type: 'text', text: 'Hi {name},\n\n{artists} – {title} (out {release_date})\n\n{biog}' },
    { type: 'player_button', label: 'Listen now' },
    { type: 'feedback_button', label: 'Leave feedback' },
    { type: 'footer' },
  ],
};

const newBlock = (type: BlockType): TemplateBlock => {
  switch (type) {
    case 'text':
      return { type, text: 'Your words here' };
    case 'player_button':
      return { type, label: 'Listen now' };
    case 'feedback_button':
      return { type, label: 'Leave feedback' };
    default:
      return { type };
  }
};

/** A new block goes just above the footer (the footer ends the mail), or last when there is none. */
function withBlock(blocks: TemplateBlock[], block: TemplateBlock): TemplateBlock[] {
  const footer = blocks.findIndex((b) => b.type === 'footer');
  return footer < 0 ? [...blocks, block] : [...blocks.slice(0, footer), block, ...blocks.slice(footer)];
}

/** One block's own fields, and its place in the mail (up, down, out). */
function BlockEditor(props: {
  block: TemplateBlock;
  index: number;
  count: number;
  error?: string;
  onChange: (block: TemplateBlock) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { block, index, count, error, onChange, onMove, onRemove } = props;
  const fields = () => {
    switch (block.type) {
      case 'text':
        return (
          <FormField
            label="Text"
            description="{name}, {title}, {artists}, {release_date}, {expiry_date} and {biog} are filled in per recipient"
          >
            <Textarea rows={5} value={block.text} onChange={(e) => onChange({ ...block, text: e.detail.value })} />
          </FormField>
        );
      case 'player_button':
      case 'feedback_button':
        return (
          <FormField label="Button label">
            <Input value={block.label} onChange={(e) => onChange({ ...block, label: e.detail.value })} />
          </FormField>
        );
      case 'footer':
        return (
          <FormField
            label="Footer text (optional)"
            description="Your label's name and address and the unsubscribe link are always added"
          >
            <Input
              value={block.text ?? ''}
              onChange={(e) => onChange({ ...block, text: e.detail.value || undefined })}
            />
          </FormField>
        );
      default:
        return <Box color="text-body-secondary">The release's cover art.</Box>;
    }
  };
  return (
    <Container
      data-testid={`template-block-${index}`}
      header={
        <Header
          variant="h3"
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                variant="icon"
                iconName="angle-up"
                ariaLabel="Move up"
                disabled={index === 0}
                onClick={() => onMove(-1)}
              />
              <Button
                variant="icon"
                iconName="angle-down"
                ariaLabel="Move down"
                disabled={index === count - 1}
                onClick={() => onMove(1)}
              />
              <Button variant="icon" iconName="remove" ariaLabel="Remove block" onClick={onRemove} />
            </SpaceBetween>
          }
        >
          {displayLabel(`promo_block_${block.type}`)}
        </Header>
      }
    >
      <SpaceBetween size="xs">
        {fields()}
        {error && <Box color="text-status-error">{error}</Box>}
      </SpaceBetween>
    </Container>
  );
}

/**
 * The template designer (`/user/labels/promo_tools/template_designer`): a label's promo mail templates
 * built from blocks, a preview rendered by the API (the very renderer a send uses) and a test send to
 * oneself. A promo chooses its template on its own page.
 */
export function TemplateDesignerPage() {
  const list = useApi<{ templates: Template[] }>('/promo_templates');
  const templates = list.data?.templates ?? [];
  const [design, setDesign] = useState<Design>(NEW_DESIGN);
  const [preview, setPreview] = useState('');
  const set = (change: Partial<Design>) => setDesign((d) => ({ ...d, ...change }));
  const setBlocks = (blocks: TemplateBlock[]) => set({ blocks });

  // The preview follows the edits, a moment after the last one; a refused design keeps the last preview,
  // and an answer to an older edit that arrives late is dropped (it would show words already changed).
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      api
        .post<{ html: string }>('/promo_template_previews', {
          accent_colour: design.accent_colour,
          blocks: design.blocks,
        })
        .then((answer) => {
          if (current) setPreview(answer.html);
        })
        .catch(() => undefined);
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [design.accent_colour, design.blocks]);

  const { name, accent_colour, blocks } = design;
  const { errors, submit: save } = useFormSubmit({
    validate: () => ({}),
    send: () =>
      design.id
        ? api.patch<{ message: string; template: Template }>(`/promo_templates/${design.id}`, {
            name,
            accent_colour,
            blocks,
          })
        : api.post<{ message: string; template: Template }>('/promo_templates', { name, accent_colour, blocks }),
    onSuccess: (saved) => {
      notify('notification', saved.message);
      setDesign(saved.template);
      void list.mutate();
    },
  });
  const testSend = async () => {
    try {
      const sent = await api.post<{ message: string }>(`/promo_templates/${design.id}/test_send`, {});
      notify('notification', sent.message);
    } catch (failure) {
      notifyError(failure);
    }
  };
  const options = templates.map((t) => ({ value: t.id, label: t.name }));
  const move = (index: number, by: -1 | 1) => {
    const next = [...blocks];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    setBlocks(next);
  };
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Build your promo mails from blocks. Every mail ends with your address and an unsubscribe link."
          actions={<Button onClick={() => setDesign(NEW_DESIGN)}>New template</Button>}
        >
          Template designer
        </Header>
      }
    >
      <ColumnLayout columns={2}>
        <SpaceBetween size="m">
          <Container
            header={
              <Header
                variant="h2"
                actions={
                  <SpaceBetween direction="horizontal" size="xs">
                    <Button onClick={testSend} disabled={!design.id} data-testid="template-test-send">
                      Send a test to me
                    </Button>
                    <Button variant="primary" onClick={save} data-testid="save-template">
                      Save
                    </Button>
                  </SpaceBetween>
                }
              >
                {design.id ? design.name : 'New template'}
              </Header>
            }
          >
            <SpaceBetween size="s">
              {options.length > 0 && (
                <FormField label="Edit a saved template">
                  <Select
                    data-testid="template-choice"
                    selectedOption={options.find((o) => o.value === design.id) ?? null}
                    placeholder="Choose a template"
                    options={options}
                    onChange={(e) => {
                      const chosen = templates.find((t) => t.id === e.detail.selectedOption.value);
                      if (chosen) setDesign(chosen);
                    }}
                  />
                </FormField>
              )}
              <FormField label="Name" errorText={errors.name}>
                <Input value={name} onChange={(e) => set({ name: e.detail.value })} data-testid="template-name" />
              </FormField>
              <FormField label="Button colour" description="Like #0972d3" errorText={errors.accent_colour}>
                <Input value={accent_colour} onChange={(e) => set({ accent_colour: e.detail.value })} />
              </FormField>
              {errors.blocks && <Box color="text-status-error">{errors.blocks}</Box>}
            </SpaceBetween>
          </Container>
          {blocks.map((block, index) => (
            <BlockEditor
              // The blocks' order is their identity: a template has no ids per block.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              block={block}
              index={index}
              count={blocks.length}
              error={Object.entries(errors).find(([field]) => field.startsWith(`blocks.${index}.`))?.[1]}
              onChange={(changed) => setBlocks(blocks.map((b, i) => (i === index ? changed : b)))}
              onMove={(by) => move(index, by)}
              onRemove={() => setBlocks(blocks.filter((_, i) => i !== index))}
            />
          ))}
          <ButtonDropdown
            data-testid="add-block"
            items={TEMPLATE_BLOCK_TYPES.map((type) => ({ id: type, text: displayLabel(`promo_block_${type}`) }))}
            onItemClick={(e) => setBlocks(withBlock(blocks, newBlock(e.detail.id as BlockType)))}
          >
            Add a block
          </ButtonDropdown>
        </SpaceBetween>
        <Container
          header={
            <Header variant="h2" description="With a sample recipient and release">
              Preview
            </Header>
          }
        >
          {/* No scripts run in the preview: sandboxed with nothing allowed. */}
          <iframe
            title="Mail preview"
            sandbox=""
            srcDoc={preview}
            data-testid="template-preview"
            style={{ width: '100%', height: 720, border: '1px solid #e9ebed' }}
          />
        </Container>
      </ColumnLayout>
    </ContentLayout>
  );
}
