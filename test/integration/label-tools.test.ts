import { beforeAll, describe, expect, it } from 'vitest';
import { roleRefusal } from '../../shared/permissions.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/** A label’s own tools: its to-do list (default tasks, tasks with due dates and assignees) and its notebook. */
let own: OwnCompany;
let other: OwnCompany;
let labelId: string;

beforeAll(async () => {
  own = await ownCompany('Label tools');
  other = await ownCompany('Label tools elsewhere');
  labelId = (await own.label('Tools Records')).id;
});

/**
 * The shared label's to-do list, made once by whichever case needs it first (it starts with the default tasks).
 * The case that checks the first making of a list makes it in a company of its own.
 */
let todoListMade: Promise<{ id: string }> | undefined;
function todoList(): Promise<{ id: string }> {
  todoListMade ??= (async () => {
    const made = await own.api.post(`/labels/${labelId}/todo_list`, {});
    expect([200, 201], JSON.stringify(made.body)).toContain(made.status);
    return made.body.todo_list;
  })();
  return todoListMade;
}

describe('to-do list', () => {
  it('starts with the default list and tasks, once however often it is asked', async () => {
    // A company of its own: its list is made here for the first time, and its only member is the manager (the
    // other cases add members to the shared one).
    const own = await ownCompany('Label tools first list');
    const labelId = (await own.label('Fresh List Records')).id;
    const created = await own.api.post(`/labels/${labelId}/todo_list`, {});
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.message).toBe('Default Todo List and Tasks created.');
    expect(created.body.todo_list.name).toBe('To-do list');
    expect(created.body.todo_tasks.map((t: { body: string }) => t.body)).toEqual([
      'Upload the label’s logo',
      'Add the label’s distribution agreement',
      'Choose the label’s statement settings',
      'Add the label’s first release',
    ]);
    const again = await own.api.post(`/labels/${labelId}/todo_list`, {});
    expect(again.status).toBe(200);
    expect(again.body.todo_list.id).toBe(created.body.todo_list.id);
    const read = await own.api.get(`/labels/${labelId}/todo_list`);
    expect(read.body.todo_tasks).toHaveLength(4);
    expect(read.body.assignees).toEqual([expect.objectContaining({ id: own.manager.id })]);

    const renamed = await own.api.patch(`/labels/${labelId}/todo_list/${created.body.todo_list.id}`, {
      todo_list: { name: 'Launch' },
    });
    expect(renamed.status).toBe(200);
    expect((await own.api.get(`/labels/${labelId}/todo_list`)).body.todo_list.name).toBe('Launch');
  });

  it('adds, ticks, reassigns and deletes tasks with the spec’s messages', async () => {
    const list = await todoList();
    const assistant = await own.member('label_assistant', 'Tools assistant');
    const added = await own.api.post('/todo_tasks', {
      id: list.id,
      todo_task: { body: 'Book the mastering', due_date: '2027-01-15', assignee_id: assistant.id },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.todo_task).toMatchObject({ body: 'Book the mastering', done: false, due_date: '2027-01-15' });
    const taskId = added.body.todo_task.id;

    const ticked = await assistant.api.patch(`/todo_tasks/${taskId}`, { todo_task: { done: true } });
    expect(ticked.status).toBe(200);
    expect(ticked.body.message).toBe('Successfully Updated Task');
    expect(ticked.body.todo_task).toMatchObject({ body: 'Book the mastering', done: true, assignee_id: assistant.id });

    const deleted = await own.api.del(`/todo_tasks/${taskId}`);
    expect(deleted.body.message).toBe('Successfully Deleted Task');
    const tasks = (await own.api.get(`/labels/${labelId}/todo_list`)).body.todo_tasks;
    expect(tasks.some((t: { id: string }) => t.id === taskId)).toBe(false);
    expect((await own.api.patch(`/todo_tasks/${taskId}`, { todo_task: { done: true } })).status).toBe(404);
  });

  it('refuses a blank body, a bad date and an assignee from outside the company, naming the field', async () => {
    const list = await todoList();
    for (const body of ['', '   ', undefined]) {
      const blank = await own.api.post('/todo_tasks', { id: list.id, todo_task: body === undefined ? {} : { body } });
      expect(blank.status).toBe(400);
      expect(blank.body.errors).toEqual({ 'todo_task.body': ['Task Body must not be blank'] });
    }
    const long = await own.api.post('/todo_tasks', { id: list.id, todo_task: { body: 'x'.repeat(2001) } });
    expect(Object.keys(long.body.errors)).toEqual(['todo_task.body']);
    const badDate = await own.api.post('/todo_tasks', { id: list.id, todo_task: { body: 'A', due_date: 'soon' } });
    expect(badDate.body.errors).toEqual({ 'todo_task.due_date': ['Due date must be a date (YYYY-MM-DD)'] });
    const stranger = await own.api.post('/todo_tasks', {
      id: list.id,
      todo_task: { body: 'Not theirs', assignee_id: other.manager.id },
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.errors).toEqual({ 'todo_task.assignee_id': ['Assignee must be a member of this company'] });

    const first = (await own.api.get(`/labels/${labelId}/todo_list`)).body.todo_tasks[0];
    const emptied = await own.api.patch(`/todo_tasks/${first.id}`, { todo_task: { body: ' ' } });
    expect(emptied.body.errors).toEqual({ 'todo_task.body': ['Task Body must not be blank'] });
    const after = (await own.api.get(`/labels/${labelId}/todo_list`)).body.todo_tasks;
    expect(after.some((t: { body: string }) => t.body === 'Not theirs')).toBe(false);
    expect(after[0].body).toBe(first.body);
  });

  it('keeps both of two tasks added at once', async () => {
    const list = await todoList();
    const answers = await Promise.all(
      ['Race one', 'Race two', 'Race three'].map((body) =>
        own.api.post('/todo_tasks', { id: list.id, todo_task: { body } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const bodies = (await own.api.get(`/labels/${labelId}/todo_list`)).body.todo_tasks.map(
      (t: { body: string }) => t.body,
    );
    expect(bodies).toEqual(expect.arrayContaining(['Race one', 'Race two', 'Race three']));
  });

  it('is the company’s own: another company and a read-only member cannot reach or change it', async () => {
    const list = await todoList();
    const task = (await own.api.get(`/labels/${labelId}/todo_list`)).body.todo_tasks[0];
    expect((await other.api.get(`/labels/${labelId}/todo_list`)).status).toBe(404);
    expect((await other.api.post('/todo_tasks', { id: list.id, todo_task: { body: 'Sneaky' } })).status).toBe(404);
    expect((await other.api.patch(`/todo_tasks/${task.id}`, { todo_task: { done: true } })).status).toBe(404);
    expect((await other.api.del(`/todo_tasks/${task.id}`)).status).toBe(404);
    const intern = await own.member('intern', 'Tools intern');
    expect((await intern.api.get(`/labels/${labelId}/todo_list`)).status).toBe(200);
    const refused = await intern.api.patch(`/todo_tasks/${task.id}`, { todo_task: { done: true } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(roleRefusal('intern', 'catalogue.write'));
  });
});

describe('notebook', () => {
  it('is made once, holds notes and finds them by title, content or tag', async () => {
    // A label of its own: its notebook is made here for the first time, and holds only this case's notes.
    const labelId = (await own.label('Notebook Records')).id;
    const made = await own.api.post(`/labels/${labelId}/notebook`, {});
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.message).toBe('Label Notebook created');
    const again = await own.api.post(`/labels/${labelId}/notebook`, {});
    expect(again.status).toBe(200);
    expect(again.body.notebook.id).toBe(made.body.notebook.id);
    const notebook_id = made.body.notebook.id;

    const note = await own.api.post('/notes', {
      note: {
        notebook_id,
        title: 'Radio plan',
        content: '# Plan\n<script>alert(1)</script> **BBC 6**',
        tags: ['promo', 'radio'],
      },
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body.message).toBe('Note created');
    // Kept as the text it was, for the page to show as text.
    expect(note.body.note.content).toBe('# Plan\n<script>alert(1)</script> **BBC 6**');
    await own.api.post('/notes', {
      note: { notebook_id, title: 'Pressing quotes', content: 'vinyl', tags: ['vinyl'] },
    });

    const byContent = await own.api.get(`/labels/${labelId}/notebook?q=bbc`);
    expect(byContent.body.notes.map((n: { title: string }) => n.title)).toEqual(['Radio plan']);
    const byTitle = await own.api.get(`/labels/${labelId}/notebook?q=PRESSING`);
    expect(byTitle.body.notes.map((n: { title: string }) => n.title)).toEqual(['Pressing quotes']);
    const byTag = await own.api.get(`/labels/${labelId}/notebook?tag=radio`);
    expect(byTag.body.notes.map((n: { title: string }) => n.title)).toEqual(['Radio plan']);
    expect(byTag.body.tags).toEqual(['promo', 'radio', 'vinyl']);

    const edited = await own.api.patch(`/notes/${note.body.note.id}`, {
      note: { title: 'Radio plan 2', tags: ['radio'] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.note).toMatchObject({ title: 'Radio plan 2', tags: ['radio'], content: note.body.note.content });
    expect((await other.api.patch(`/notes/${note.body.note.id}`, { note: { title: 'Mine' } })).status).toBe(404);
    expect((await other.api.post('/notes', { note: { notebook_id, title: 'Mine' } })).status).toBe(404);

    const deleted = await own.api.del(`/notes/${note.body.note.id}`);
    expect(deleted.body.message).toBe('Note deleted');
    expect((await own.api.get(`/labels/${labelId}/notebook`)).body.notes).toHaveLength(1);
  });

  it('refuses a blank title and text over its bound, naming the field', async () => {
    // Made here, or found if made already: the refused notes need a notebook to be refused from.
    const { notebook } = (await own.api.post(`/labels/${labelId}/notebook`, {})).body;
    const blank = await own.api.post('/notes', { note: { notebook_id: notebook.id, title: ' ' } });
    expect(blank.body.errors).toEqual({ 'note.title': ['Title must not be blank'] });
    const long = await own.api.post('/notes', {
      note: { notebook_id: notebook.id, title: 'Long', content: 'x'.repeat(20_001) },
    });
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.errors)).toEqual(['note.content']);
    const tags = await own.api.post('/notes', {
      note: { notebook_id: notebook.id, title: 'Tags', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
    });
    expect(Object.keys(tags.body.errors)).toEqual(['note.tags']);
  });
});
