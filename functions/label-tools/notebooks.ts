import { ulid } from 'ulid';
import type { NoteFields } from '../../shared/schemas/label-tools.js';
import { NotFound } from '../lib/errors.js';
import { changeTools, findLabelTools, readTools, type Note, type Notebook } from './tools-store.js';

/**
 * A label's notebook: notes with a title, text (plain or Markdown, which the page shows as text,
 * never as HTML) and tags. One notebook per label.
 */
const LABEL_NOTEBOOK_NAME = 'Notebook';

/** Whether a note matches the words looked for (in its title, text or tags) and the tag chosen. */
function matches(note: Note, q: string | undefined, tag: string | undefined): boolean {
  const tags = note.tags.map((t) => t.toLowerCase());
  if (tag && !tags.includes(tag.toLowerCase())) return false;
  if (!q) return true;
  const words = q.toLowerCase();
  return [note.title, note.content, ...tags].some((text) => text.toLowerCase().includes(words));
}

/** The label's notebook with its notes (newest change first), narrowed by `q` and `tag`, and every tag used. */
export async function notebookOf(tenantId: string, labelId: string, q?: string, tag?: string) {
  const tools = await readTools(tenantId, labelId);
  const notes = tools.notes
    .filter((note) => matches(note, q, tag))
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  const tags = [...new Set(tools.notes.flatMap((n) => n.tags))].sort((a, b) => a.localeCompare(b));
  return { notebook: tools.notebook, notes, tags };
}

/** Gives the label its notebook; asked again, answers the one it has. */
export async function createNotebook(tenantId: string, labelId: string) {
  return changeTools(tenantId, labelId, (tools) => {
    if (tools.notebook) return { changes: {}, result: { created: false, notebook: tools.notebook } };
    const notebook: Notebook = { id: ulid(), name: LABEL_NOTEBOOK_NAME, created_at: new Date().toISOString() };
    return { changes: { notebook, notes: [] }, result: { created: true, notebook } };
  });
}

/** Tags kept once each, in the order given. */
const uniqueTags = (tags: readonly string[] | undefined) => [...new Set(tags ?? [])];

export async function addNote(tenantId: string, fields: NoteFields): Promise<Note> {
  const holder = await findLabelTools(tenantId, (t) => t.notebook?.id === fields.notebook_id, 'Notebook');
  return changeTools(tenantId, holder.labelId, (tools) => {
    if (tools.notebook?.id !== fields.notebook_id) throw new NotFound('Notebook');
    const now = new Date().toISOString();
    const note: Note = {
      id: ulid(),
      title: fields.title,
      content: fields.content ?? '',
      tags: uniqueTags(fields.tags),
      created_at: now,
      updated_at: now,
    };
    return { changes: { notes: [...tools.notes, note] }, result: note };
  });
}

const holdsNote = (noteId: string) => (tools: { notes: Note[] }) => tools.notes.some((n) => n.id === noteId);

export async function updateNote(
  tenantId: string,
  noteId: string,
  fields: Partial<Omit<NoteFields, 'notebook_id'>>,
): Promise<Note> {
  const holder = await findLabelTools(tenantId, holdsNote(noteId), 'Note');
  return changeTools(tenantId, holder.labelId, (tools) => {
    const note = tools.notes.find((n) => n.id === noteId);
    if (!note) throw new NotFound('Note');
    const updated: Note = {
      ...note,
      ...(fields.title !== undefined ? { title: fields.title } : {}),
      ...(fields.content !== undefined ? { content: fields.content } : {}),
      ...(fields.tags !== undefined ? { tags: uniqueTags(fields.tags) } : {}),
      updated_at: new Date().toISOString(),
    };
    return { changes: { notes: tools.notes.map((n) => (n.id === noteId ? updated : n)) }, result: updated };
  });
}

export async function deleteNote(tenantId: string, noteId: string): Promise<void> {
  const holder = await findLabelTools(tenantId, holdsNote(noteId), 'Note');
  await changeTools(tenantId, holder.labelId, (tools) => {
    if (!holdsNote(noteId)(tools)) throw new NotFound('Note');
    return { changes: { notes: tools.notes.filter((n) => n.id !== noteId) }, result: undefined };
  });
}
