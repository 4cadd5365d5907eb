import { describe, expect, it } from 'vitest';
import { noteCreate, todoTaskCreate, todoTaskUpdate } from '../../shared/schemas/label-tools.js';

const problems = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('label tools input', () => {
  it('refuses a missing, empty or blank task body with the spec’s message', () => {
    for (const todo_task of [{}, { body: '' }, { body: '   ' }, { body: null }])
      expect(problems(todoTaskCreate.safeParse({ id: 'L', todo_task }))).toEqual({
        'todo_task.body': 'Task Body must not be blank',
      });
    expect(problems(todoTaskUpdate.safeParse({ todo_task: { body: ' ' } }))).toEqual({
      'todo_task.body': 'Task Body must not be blank',
    });
  });

  it('lets an update leave the body out, and clears a date or assignee sent empty', () => {
    expect(todoTaskUpdate.parse({ todo_task: { done: true } })).toEqual({ todo_task: { done: true } });
    expect(todoTaskUpdate.parse({ todo_task: { due_date: '', assignee_id: null } }).todo_task).toEqual({
      due_date: '',
      assignee_id: null,
    });
  });

  it('bounds the texts before any work', () => {
    expect(Object.keys(problems(todoTaskCreate.safeParse({ id: 'L', todo_task: { body: 'x'.repeat(2001) } })))).toEqual(
      ['todo_task.body'],
    );
    const note = { notebook_id: 'N', title: 'T' };
    expect(Object.keys(problems(noteCreate.safeParse({ note: { ...note, content: 'x'.repeat(20_001) } })))).toEqual([
      'note.content',
    ]);
    expect(problems(noteCreate.safeParse({ note: { ...note, title: '  ' } }))).toEqual({
      'note.title': 'Title must not be blank',
    });
  });
});
