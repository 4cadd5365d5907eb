import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../shared/format.js';
import { cloudUrl } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInManagerPage } from '../support/browser.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';

/** The label tools in Chromium: a label’s to-do list with a task ticked, and a note found by search. */
let browser: Browser;
let own: OwnCompany;
let label: { id: string; name: string };

beforeAll(async () => {
  browser = await launchChromium();
  own = await ownCompany('Label tools e2e');
  label = await own.label('Tools Journey Records');
});
afterAll(async () => {
  await browser?.close();
});

/** A day as the date fields take it typed (DD/MM/YYYY). */
const formatDay = (day: Date) => day.toISOString().slice(0, 10).split('-').reverse().join('/');

/** A signed-in page of a company's label manager (this file's company unless another is given), opened at `path`. */
const managerPage = (path: string, world: OwnCompany = own) =>
  signedInManagerPage(browser, cloudUrl(), world.manager, { id: world.companyId, name: world.name }, path);

const toolPath = (tool: string) =>
  `/user/labels/tools/${tool}?label_id=${encodeURIComponent(label.id)}&label_name=${encodeURIComponent(label.name)}`;

describe('label tools', () => {
  it('makes the default to-do list, adds a task and ticks one done', async () => {
    const { page, errors } = await managerPage(toolPath('todo_list'));
    await page.getByTestId('todo-create').click();
    await expect.poll(() => page.locator('body').textContent()).toContain('Default Todo List and Tasks created.');
    await expect.poll(() => page.getByTestId('todo-tasks').textContent()).toContain('Upload the label’s logo');

    await page.getByTestId('todo-add').click();
    await expect.poll(() => page.locator('body').textContent()).toContain('Task Body must not be blank');
    await page.getByTestId('todo-new-body').locator('input').fill('Send the press kit');
    // A day that does not exist is refused as typed, never saved as another day.
    const due = page.getByLabel('Due date', { exact: true });
    await due.fill('30/02/2026');
    expect(await due.inputValue()).toBe('30/02/2026');
    await page.getByTestId('todo-add').click();
    await expect.poll(() => page.locator('body').textContent()).toContain('Due date must be a whole date (DD/MM/YYYY)');
    expect(
      (await own.api.get(`/labels/${label.id}/todo_list`)).body.todo_tasks.map((t: { body: string }) => t.body),
    ).not.toContain('Send the press kit');
    await due.fill('02/03/2026');
    await page.getByTestId('todo-add').click();
    await expect.poll(() => page.getByTestId('todo-tasks').textContent()).toContain('Send the press kit');
    expect(await page.getByTestId('todo-tasks').textContent()).toContain('2nd Mar 2026');

    // Ticked: the box follows the saved task once the server has it.
    const box = page.getByRole('checkbox', { name: 'Done: Upload the label’s logo' });
    await box.click();
    await expect.poll(() => page.locator('body').textContent()).toContain('Successfully Updated Task');
    await expect.poll(() => box.isChecked()).toBe(true);
    const saved = await own.api.get(`/labels/${label.id}/todo_list`);
    expect(saved.body.todo_tasks.find((t: { body: string }) => t.body === 'Upload the label’s logo').done).toBe(true);
    await screenshotIfAsked(page, 'test-results/label-tools-todo.png', true);

    // A saved task is changed in place: reworded, given another day and someone to do it; emptied, it is refused.
    await page.getByRole('button', { name: 'Edit Send the press kit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('todo-edit-body').locator('input').fill(' ');
    await dialog.getByTestId('todo-edit-save').click();
    await expect.poll(() => dialog.textContent()).toContain('Task Body must not be blank');
    await dialog.getByTestId('todo-edit-body').locator('input').fill('Send the press kit to radio');
    await dialog.getByLabel('Due date', { exact: true }).fill('09/03/2026');
    await dialog.getByTestId('todo-edit-assignee').click();
    const assignees = (await own.api.get(`/labels/${label.id}/todo_list`)).body.assignees as {
      id: string;
      name: string;
    }[];
    const manager = assignees.find((a) => a.id === own.manager.id);
    expect(manager).toBeDefined();
    await page.getByRole('option', { name: manager?.name, exact: true }).click();
    await screenshotIfAsked(page, 'test-results/label-tools-todo-edit.png');
    await dialog.getByTestId('todo-edit-save').click();
    await expect.poll(() => page.getByTestId('todo-tasks').textContent()).toContain('Send the press kit to radio');
    await expect.poll(() => page.locator('body').textContent()).toContain('Successfully Updated Task');
    const tasks = page.getByTestId('todo-tasks');
    expect(await tasks.textContent()).toContain('9th Mar 2026');
    expect(await tasks.textContent()).toContain(manager?.name);
    const edited = (await own.api.get(`/labels/${label.id}/todo_list`)).body.todo_tasks.find(
      (t: { body: string }) => t.body === 'Send the press kit to radio',
    );
    expect(edited).toMatchObject({ due_date: '2026-03-09', assignee_id: own.manager.id, done: false });

    // The list's own name changes too (PATCH /labels/{id}/todo_list/{listId}); an empty one is refused by name.
    await page.getByTestId('todo-rename').click();
    await dialog.getByTestId('todo-rename-name').locator('input').fill('');
    await dialog.getByTestId('todo-rename-save').click();
    await expect.poll(() => dialog.textContent()).toContain('Name must not be blank');
    await dialog.getByTestId('todo-rename-name').locator('input').fill('Release week');
    await dialog.getByTestId('todo-rename-save').click();
    await expect.poll(() => page.locator('body').textContent()).toContain('To-do list updated');
    await expect.poll(() => tasks.locator('h2').textContent()).toContain('Release week');
    expect((await own.api.get(`/labels/${label.id}/todo_list`)).body.todo_list.name).toBe('Release week');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('makes the notebook, adds notes and finds one by search, showing Markdown as text', async () => {
    const { page, errors } = await managerPage(
      // No label in the address: the company has one, so the page works on it without asking.
      '/user/labels/tools/notebook',
    );
    await expect.poll(() => new URL(page.url()).searchParams.get('label_id')).toBe(label.id);
    await page.getByTestId('notebook-create').click();
    await expect.poll(() => page.locator('body').textContent()).toContain('Label Notebook created');
    const add = async (title: string, content: string, tags: string) => {
      await page.getByTestId('note-title').locator('input').fill(title);
      await page.getByTestId('note-content').locator('textarea').fill(content);
      await page.getByTestId('note-tags').locator('input').fill(tags);
      await page.getByTestId('note-save').click();
      await expect.poll(() => page.getByTestId('notes').textContent()).toContain(title);
    };
    await add('Radio plan', '**BBC 6 Music** <b>first</b>', 'promo, radio');
    await add('Pressing quotes', 'Three plants asked', 'vinyl');
    await page.getByTestId('notes-search').locator('input').fill('bbc');
    await expect.poll(() => page.getByTestId('notes').textContent()).not.toContain('Pressing quotes');
    const notes = await page.getByTestId('notes').textContent();
    expect(notes).toContain('Radio plan');
    // The characters typed, not rendered: no bold element made from the note.
    expect(notes).toContain('**BBC 6 Music** <b>first</b>');
    await screenshotIfAsked(page, 'test-results/label-tools-notebook.png', true);
    // Each note says when it last changed, in the pages' date words.
    const today = formatDate(new Date()).replace(/^\S+ /, '');
    expect(notes).toMatch(new RegExp(`Last changed \\d{1,2}(st|nd|rd|th) ${today}`));

    // Deleting asks first: kept when the user thinks again, gone once confirmed.
    await page.getByTestId('notes-search').locator('input').fill('');
    await expect.poll(() => page.getByTestId('notes').textContent()).toContain('Pressing quotes');
    await page.getByRole('button', { name: 'Delete Pressing quotes' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('“Pressing quotes” will be deleted');
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    const notebook = async () =>
      ((await own.api.get(`/labels/${label.id}/notebook`)).body.notes as { title: string }[]).map((n) => n.title);
    expect(await notebook()).toContain('Pressing quotes');
    await page.getByRole('button', { name: 'Delete Pressing quotes' }).click();
    await dialog.getByTestId('note-delete-confirm').click();
    await expect.poll(() => page.locator('body').textContent()).toContain('Note deleted');
    await expect.poll(() => page.getByTestId('notes').textContent()).not.toContain('Pressing quotes');
    expect(await notebook()).toEqual(['Radio plan']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says in the pages’ date words which whitelist day is the earliest it can ask for', async () => {
    const { page, errors } = await managerPage(toolPath('whitelist'));
    await page.getByTestId('whitelist-urls').locator('textarea').fill('https://soundcloud.com/tools-journey');
    await page.getByLabel('Whitelist date', { exact: true }).fill(formatDay(new Date()));
    await page.getByTestId('whitelist-send').click();
    const said =
      /SoundCloud whitelisting is asked 2 working days ahead: choose \d{1,2}(st|nd|rd|th) \w{3} \d{4} or later/;
    await expect.poll(() => page.locator('body').textContent()).toMatch(said);
    expect(await page.locator('body').textContent()).not.toMatch(/choose \d{4}-\d{2}-\d{2}/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says a company with no label yet has none to choose, and where to add one', async () => {
    const bare = await own.sibling('Label tools without labels');
    const { page, errors } = await managerPage('/user/labels/tools/todo_list', bare);
    await expect
      .poll(() => page.getByTestId('no-labels-yet').textContent())
      .toContain('No Label Selected: this company has no labels yet.');
    await page.getByTestId('no-labels-yet').getByRole('link', { name: 'Add a label' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user/labels/new');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('names the label in its choice when the address carries only its id, on the tools and the finances pages', async () => {
    const { page, errors } = await managerPage(`/user/labels/tools/todo_list?label_id=${encodeURIComponent(label.id)}`);
    await expect.poll(() => new URL(page.url()).searchParams.get('label_name')).toBe(label.name);
    await expect.poll(() => page.getByTestId('todo-label').textContent()).toContain(label.name);
    expect(await page.getByTestId('todo-label').textContent()).not.toContain(label.id);
    // The finances pages read the label from the address the same way.
    await page.goto(`${cloudUrl()}/user/labels/finances?label_id=${encodeURIComponent(label.id)}`);
    await expect.poll(() => new URL(page.url()).searchParams.get('label_name')).toBe(label.name);
    await expect.poll(() => page.getByTestId('finances-label').textContent()).toContain(label.name);
    expect(await page.locator('body').textContent()).not.toContain(label.id);
    expect(errors).toEqual([]);
    await page.close();
  });
});
