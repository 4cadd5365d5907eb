import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { ApiError } from '../../app/api';
import { notify, notifyError } from '../../app/notifications';
import { LoadState } from '../money/finances/period-views';
import { LabelChoice } from './label-choice';
import { type TodoListAnswer, type TodoTask, toolsApi, useRefreshTools, useTodoList } from './tools-api';
import { DateField } from '../../components/date-input';
import { dayProblem } from '../../components/form-rules';
import { FormModal } from '../../components/form-modal';
import { useFormSubmit } from '../../components/use-form-submit';
import { formatDate } from '../../../../shared/format';
import { usePermits } from '../../app/use-may-open';
import { Permitted } from '../../components/permitted';
import { EditDeleteLinks } from '../../components/edit-delete-links';

const NOBODY = { value: '', label: 'Nobody' };

/** An API field (`todo_task.body`, `todo_list.name`) as the dialogs' forms name it. */
const formField = (apiField: string) => apiField.replace(/^todo_(task|list)\./, '');

/** The API's field errors (`todo_task.body` …) under the form's own field names. */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError && error.errors)) return {};
  return Object.fromEntries(Object.entries(error.errors).map(([f, texts]) => [formField(f), texts[0] ?? '']));
}

/** Who a task may be given to: nobody, or one of the company's members. */
const assigneeOptions = (answer: TodoListAnswer) => [
  NOBODY,
  ...answer.assignees.map((a) => ({ value: a.id, label: a.name })),
];

/** The form above the tasks: what to do, by when, and who does it. */
function NewTask({ answer, listId }: { answer: TodoListAnswer; listId: string }) {
  const refresh = useRefreshTools();
  const [body, setBody] = useState('');
  const [due, setDue] = useState('');
  const [assignee, setAssignee] = useState(NOBODY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const add = async () => {
    const wrongDay = dayProblem('Due date', due);
    if (wrongDay) {
      setErrors({ due_date: wrongDay });
      return;
    }
    setSaving(true);
    try {
      const answered = await toolsApi.addTask(listId, { body, due_date: due, assignee_id: assignee.value });
      setErrors({});
      setBody('');
      setDue('');
      setAssignee(NOBODY);
      // The form is free again at once; the list reloads behind it.
      setSaving(false);
      void refresh();
      notify('notification', answered.message ?? 'Task added');
    } catch (error) {
      setErrors(fieldErrors(error));
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };
  const options = assigneeOptions(answer);
  return (
    <Container header={<Header variant="h2">New task</Header>}>
      <ColumnLayout columns={4}>
        <FormField label="Task" errorText={errors.body}>
          <Input value={body} onChange={({ detail }) => setBody(detail.value)} data-testid="todo-new-body" />
        </FormField>
        <DateField label="Due date" value={due} onChange={setDue} error={errors.due_date} />
        <FormField label="Assigned to" errorText={errors.assignee_id}>
          <Select
            selectedOption={assignee}
            options={options}
            onChange={({ detail }) => setAssignee(detail.selectedOption as typeof NOBODY)}
          />
        </FormField>
        <FormField label="&nbsp;">
          <Button variant="primary" loading={saving} onClick={() => void add()} data-testid="todo-add">
            Add task
          </Button>
        </FormField>
      </ColumnLayout>
    </Container>
  );
}

/** What the list's dialogs do once saved: the list read again, the answer's message (else `fallback`), the dialog closed. */
function useCloseOnSave(onClose: () => void, fallback: string) {
  const refresh = useRefreshTools();
  return async (answered: { message?: string }) => {
    await refresh();
    notify('notification', answered.message ?? fallback);
    onClose();
  };
}

/**
 * A saved task changed: what to do, by when and by whom (an emptied date or "Nobody" clears it). The assignee is
 * sent only when changed, so a task given to someone who has since left the company can still be reworded.
 */
function EditTask({ answer, task, onClose }: { answer: TodoListAnswer; task: TodoTask; onClose: () => void }) {
  const names = new Map(answer.assignees.map((a) => [a.id, a.name]));
  const current = task.assignee_id
    ? { value: task.assignee_id, label: names.get(task.assignee_id) ?? 'A former member' }
    : NOBODY;
  const [body, setBody] = useState(task.body);
  const [due, setDue] = useState(task.due_date ?? '');
  const [assignee, setAssignee] = useState(current);
  const saved = useCloseOnSave(onClose, 'Successfully Updated Task');
  const form = useFormSubmit({
    validate: (): Record<string, string> => {
      const wrongDay = dayProblem('Due date', due);
      return wrongDay ? { due_date: wrongDay } : {};
    },
    send: () =>
      toolsApi.updateTask(task.id, {
        body,
        due_date: due,
        ...(assignee.value === current.value ? {} : { assignee_id: assignee.value }),
      }),
    onSuccess: saved,
    fieldOf: formField,
  });
  return (
    <FormModal
      header="Edit task"
      onClose={onClose}
      onSubmit={form.submit}
      busy={form.submitting}
      submitText="Save task"
      submitTestId="todo-edit-save"
    >
      <FormField label="Task" errorText={form.errors.body}>
        <Input value={body} onChange={({ detail }) => setBody(detail.value)} data-testid="todo-edit-body" />
      </FormField>
      <DateField label="Due date" value={due} onChange={setDue} error={form.errors.due_date} testId="todo-edit-due" />
      <FormField label="Assigned to" errorText={form.errors.assignee_id}>
        <Select
          selectedOption={assignee}
          options={assigneeOptions(answer)}
          onChange={({ detail }) => setAssignee(detail.selectedOption as typeof NOBODY)}
          data-testid="todo-edit-assignee"
        />
      </FormField>
    </FormModal>
  );
}

/** The list's own name ("To-do list" when made), changed in a dialog. */
function RenameList({
  labelId,
  list,
  onClose,
}: {
  labelId: string;
  list: { id: string; name: string };
  onClose: () => void;
}) {
  const [name, setName] = useState(list.name);
  const saved = useCloseOnSave(onClose, 'To-do list updated');
  const form = useFormSubmit({
    validate: () => ({}),
    send: () => toolsApi.renameTodoList(labelId, list.id, name),
    onSuccess: saved,
    fieldOf: formField,
  });
  return (
    <FormModal
      header="Rename the to-do list"
      onClose={onClose}
      onSubmit={form.submit}
      busy={form.submitting}
      submitText="Save name"
      submitTestId="todo-rename-save"
    >
      <FormField label="Name" errorText={form.errors.name}>
        <Input value={name} onChange={({ detail }) => setName(detail.value)} data-testid="todo-rename-name" />
      </FormField>
    </FormModal>
  );
}

/** The label's tasks: tick one done, change it, or delete it. */
function Tasks({ answer, labelId }: { answer: TodoListAnswer; labelId: string }) {
  const refresh = useRefreshTools();
  const names = new Map(answer.assignees.map((a) => [a.id, a.name]));
  // Ticking and deleting change the list (PATCH and DELETE /todo_tasks/{id}: catalogue.write).
  const mayChange = usePermits('catalogue.write');
  const [editing, setEditing] = useState<TodoTask | null>(null);
  const [renaming, setRenaming] = useState(false);
  const run = async (call: () => Promise<{ message?: string }>) => {
    try {
      const answered = await call();
      await refresh();
      if (answered.message) notify('notification', answered.message);
    } catch (error) {
      notifyError(error);
    }
  };
  const open = answer.todo_tasks.filter((t) => !t.done).length;
  return (
    <>
      {editing ? <EditTask answer={answer} task={editing} onClose={() => setEditing(null)} /> : null}
      {renaming && answer.todo_list ? (
        <RenameList labelId={labelId} list={answer.todo_list} onClose={() => setRenaming(false)} />
      ) : null}
      <Table
        data-testid="todo-tasks"
        variant="container"
        header={
          <Header
            variant="h2"
            counter={`(${open} of ${answer.todo_tasks.length} to do)`}
            actions={
              mayChange ? (
                <Button onClick={() => setRenaming(true)} data-testid="todo-rename">
                  Rename list
                </Button>
              ) : undefined
            }
          >
            {answer.todo_list?.name}
          </Header>
        }
        items={answer.todo_tasks}
        // A long task wraps in its cell instead of pushing the other columns off the card.
        wrapLines
        trackBy="id"
        empty={<Box color="text-status-inactive">No tasks yet</Box>}
        columnDefinitions={[
          {
            id: 'done',
            header: 'Done',
            width: 80,
            cell: (t) => (
              <Checkbox
                checked={t.done}
                disabled={!mayChange}
                ariaLabel={`Done: ${t.body}`}
                onChange={({ detail }) => void run(() => toolsApi.updateTask(t.id, { done: detail.checked }))}
              />
            ),
          },
          {
            id: 'body',
            header: 'Task',
            isRowHeader: true,
            cell: (t) => (t.done ? <s>{t.body}</s> : t.body),
          },
          { id: 'due', header: 'Due', cell: (t) => (t.due_date ? formatDate(t.due_date) : '-') },
          {
            id: 'assignee',
            header: 'Assigned to',
            cell: (t) => (t.assignee_id ? (names.get(t.assignee_id) ?? 'A former member') : '-'),
          },
          ...(mayChange
            ? [
                {
                  id: 'delete',
                  header: '',
                  cell: (t: TodoTask) => (
                    <EditDeleteLinks
                      name={t.body}
                      onEdit={() => setEditing(t)}
                      onDelete={() => void run(() => toolsApi.deleteTask(t.id))}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}

function LabelTodoList({ labelId }: { labelId: string }) {
  const load = useTodoList(labelId);
  const refresh = useRefreshTools();
  const create = async () => {
    try {
      const answered = await toolsApi.createTodoList(labelId);
      await refresh();
      if (answered.message) notify('notification', answered.message);
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <LoadState load={load} errorHeader="Could not load the label’s to-do list">
      {(answer) =>
        answer.todo_list ? (
          <SpaceBetween size="l">
            <Permitted permission="catalogue.write">
              <NewTask answer={answer} listId={answer.todo_list.id} />
            </Permitted>
            <Tasks answer={answer} labelId={labelId} />
          </SpaceBetween>
        ) : (
          <Container>
            <SpaceBetween size="s">
              <Box>This label has no to-do list yet. It starts with the tasks every new label has ahead of it.</Box>
              <Permitted permission="catalogue.write">
                <Button variant="primary" onClick={() => void create()} data-testid="todo-create">
                  Create the to-do list
                </Button>
              </Permitted>
            </SpaceBetween>
          </Container>
        )
      }
    </LoadState>
  );
}

/** UserLabelToolsTodoList (/user/labels/tools/todo_list): a label's to-do list. */
export function TodoListPage() {
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="What is left to do for a label, by when and by whom">
          To-do list
        </Header>
      }
    >
      <SpaceBetween size="l">
        <LabelChoice testId="todo-label">{(labelId) => <LabelTodoList labelId={labelId} />}</LabelChoice>
      </SpaceBetween>
    </ContentLayout>
  );
}
