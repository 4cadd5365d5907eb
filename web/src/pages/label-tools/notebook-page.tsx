import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextFilter from '@cloudscape-design/components/text-filter';
import Textarea from '@cloudscape-design/components/textarea';
import { ConfirmActionModal } from '../../components/confirm-action-modal';
import { useState } from 'react';
import { ApiError } from '../../app/api';
import { notify, notifyError } from '../../app/notifications';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { LoadState } from '../money/finances/period-views';
import { LabelChoice } from './label-choice';
import { type Note, toolsApi, useNotebook, useRefreshTools } from './tools-api';
import { usePermits } from '../../app/use-may-open';
import { formatDate } from '../../../../shared/format';
import { EditDeleteLinks } from '../../components/edit-delete-links';
import { typedTags } from '../../components/form-rules';

type Draft = { id?: string; title: string; content: string; tags: string };
const EMPTY: Draft = { title: '', content: '', tags: '' };

/** The note form: a new note, or the one being edited. */
function NoteForm({ notebookId, draft, setDraft }: { notebookId: string; draft: Draft; setDraft: (d: Draft) => void }) {
  const refresh = useRefreshTools();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      const fields = { title: draft.title, content: draft.content, tags: typedTags(draft.tags) };
      const answered = draft.id
        ? await toolsApi.updateNote(draft.id, fields)
        : await toolsApi.addNote({ notebook_id: notebookId, ...fields });
      setErrors({});
      setDraft(EMPTY);
      // The form is free again at once; the list reloads behind it.
      setSaving(false);
      void refresh();
      notify('notification', answered.message ?? 'Note created');
    } catch (error) {
      if (error instanceof ApiError && error.errors)
        setErrors(
          Object.fromEntries(
            Object.entries(error.errors).map(([f, texts]) => [f.replace(/^note\./, '').replace(/\..*$/, ''), texts[0]]),
          ),
        );
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Container header={<Header variant="h2">{draft.id ? 'Edit note' : 'New note'}</Header>}>
      <SpaceBetween size="m">
        <FormField label="Title" errorText={errors.title}>
          <Input
            value={draft.title}
            onChange={({ detail }) => setDraft({ ...draft, title: detail.value })}
            data-testid="note-title"
          />
        </FormField>
        <FormField label="Text" description="Plain text or Markdown" errorText={errors.content}>
          <Textarea
            value={draft.content}
            rows={5}
            onChange={({ detail }) => setDraft({ ...draft, content: detail.value })}
            data-testid="note-content"
          />
        </FormField>
        <FormField label="Tags" description="Separated by commas" errorText={errors.tags}>
          <Input
            value={draft.tags}
            onChange={({ detail }) => setDraft({ ...draft, tags: detail.value })}
            data-testid="note-tags"
          />
        </FormField>
        <SpaceBetween direction="horizontal" size="xs">
          {draft.id ? <Button onClick={() => setDraft(EMPTY)}>Cancel</Button> : null}
          <Button variant="primary" loading={saving} onClick={() => void save()} data-testid="note-save">
            {draft.id ? 'Save note' : 'Add note'}
          </Button>
        </SpaceBetween>
      </SpaceBetween>
    </Container>
  );
}

const ANY_TAG = { value: '', label: 'Any tag' };

/** Asks before a note goes: a note can be long, and a deleted one cannot be brought back. */
function DeleteNote({ note, onDelete, onClose }: { note: Note; onDelete: () => Promise<void>; onClose: () => void }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <ConfirmActionModal
      header="Delete this note?"
      cancelText="Keep it"
      confirmText="Delete note"
      busy={deleting}
      onCancel={onClose}
      onConfirm={async () => {
        setDeleting(true);
        await onDelete();
        onClose();
      }}
      confirmTestId="note-delete-confirm"
    >
      “{note.title}” will be deleted. This cannot be undone.
    </ConfirmActionModal>
  );
}

function LabelNotebook({ labelId }: { labelId: string }) {
  const [filter, setFilter] = useState('');
  const [tag, setTag] = useState(ANY_TAG);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [deleting, setDeleting] = useState<Note | null>(null);
  const q = useDebouncedValue(filter, 250);
  const load = useNotebook(labelId, q, tag.value);
  const refresh = useRefreshTools();
  // Writing, editing and deleting notes change the notebook (POST /notes, PATCH and DELETE /notes/{id}:
  // catalogue.write): a member whose role only reads the catalogue reads the notes.
  const mayChange = usePermits('catalogue.write');
  const run = async (call: () => Promise<{ message?: string }>) => {
    try {
      const answered = await call();
      await refresh();
      if (answered.message) notify('notification', answered.message);
    } catch (error) {
      notifyError(error);
    }
  };
  const edit = (note: Note) =>
    setDraft({ id: note.id, title: note.title, content: note.content, tags: note.tags.join(', ') });
  return (
    <LoadState load={load} errorHeader="Could not load the label’s notebook">
      {(answer) =>
        answer.notebook ? (
          <SpaceBetween size="l">
            {deleting ? (
              <DeleteNote
                note={deleting}
                onClose={() => setDeleting(null)}
                onDelete={async () => {
                  // The note being edited is gone: the form goes back to a new note rather than saving to nothing.
                  if (draft.id === deleting.id) setDraft(EMPTY);
                  await run(() => toolsApi.deleteNote(deleting.id));
                }}
              />
            ) : null}
            {mayChange ? <NoteForm notebookId={answer.notebook.id} draft={draft} setDraft={setDraft} /> : null}
            <Cards
              data-testid="notes"
              items={answer.notes}
              trackBy="id"
              header={<Header counter={`(${answer.notes.length})`}>Notes</Header>}
              filter={
                <SpaceBetween direction="horizontal" size="xs">
                  <TextFilter
                    filteringText={filter}
                    filteringPlaceholder="Find notes by title, text or tag"
                    onChange={({ detail }) => setFilter(detail.filteringText)}
                    data-testid="notes-search"
                  />
                  <Select
                    selectedOption={tag}
                    options={[ANY_TAG, ...answer.tags.map((t) => ({ value: t, label: t }))]}
                    onChange={({ detail }) => setTag(detail.selectedOption as typeof ANY_TAG)}
                  />
                </SpaceBetween>
              }
              empty={<Box color="text-status-inactive">{filter || tag.value ? 'No notes match' : 'No notes yet'}</Box>}
              cardDefinition={{
                header: (note) => note.title,
                sections: [
                  // Shown as text: Markdown and any HTML in a note stay the characters typed.
                  { id: 'content', content: (note) => <div style={{ whiteSpace: 'pre-wrap' }}>{note.content}</div> },
                  {
                    id: 'changed',
                    content: (note) => (
                      <Box variant="small" color="text-body-secondary">
                        Last changed {formatDate(note.updated_at)}
                      </Box>
                    ),
                  },
                  {
                    id: 'tags',
                    content: (note) => (
                      <SpaceBetween direction="horizontal" size="xxs">
                        {note.tags.map((t) => (
                          <Badge key={t}>{t}</Badge>
                        ))}
                      </SpaceBetween>
                    ),
                  },
                  ...(mayChange
                    ? [
                        {
                          id: 'actions',
                          content: (note: Note) => (
                            <EditDeleteLinks
                              name={note.title}
                              onEdit={() => edit(note)}
                              onDelete={() => setDeleting(note)}
                            />
                          ),
                        },
                      ]
                    : []),
                ],
              }}
            />
          </SpaceBetween>
        ) : (
          <Container>
            <SpaceBetween size="s">
              <Box>This label has no notebook yet.</Box>
              {mayChange ? (
                <Button
                  variant="primary"
                  onClick={() => void run(() => toolsApi.createNotebook(labelId))}
                  data-testid="notebook-create"
                >
                  Create the notebook
                </Button>
              ) : null}
            </SpaceBetween>
          </Container>
        )
      }
    </LoadState>
  );
}

/** UserLabelToolsNotebook (/user/labels/tools/notebook): a label's notes, searched by title, text or tag. */
export function NotebookPage() {
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="A label’s notes: plans, contacts, ideas">
          Notebook
        </Header>
      }
    >
      <SpaceBetween size="l">
        <LabelChoice testId="notebook-label">{(labelId) => <LabelNotebook labelId={labelId} />}</LabelChoice>
      </SpaceBetween>
    </ContentLayout>
  );
}
