import { describe, expect, it } from 'vitest';
import {
  emptyNotice,
  markReadInInbox,
  NOTICE_MESSAGES,
  noticePayload,
  noticeToValues,
  userOption,
  validateNotice,
} from './notice-model';
import type { Inbox } from '../../../../shared/schemas/notice-views';

const max = userOption({ id: 'u1', name: 'Max Manager', email: 'manager@demo.test' });
const filled = { ...emptyNotice(), title: ' Hello ', content: ' World ', users: [max] };

describe('notice form model', () => {
  it('starts as a readable announcement with no recipients', () => {
    expect(emptyNotice()).toEqual({ title: '', content: '', type_of: 'announcement', readable: true, users: [] });
  });

  it('offers users as "name (email)"', () => {
    expect(max).toEqual({ value: 'u1', label: 'Max Manager (manager@demo.test)' });
    expect(userOption({ id: 'u2', name: '', email: 'x@y.z' }).label).toBe('x@y.z');
  });

  it('requires title, content and (on new only) at least one recipient, with the product’s messages', () => {
    expect(validateNotice(emptyNotice(), true)).toMatchObject({
      title: 'Title is required',
      content: 'Content is required',
      users: 'Users is required',
    });
    expect(validateNotice({ ...emptyNotice(), title: '   ' }, false)).toMatchObject({ title: 'Title is required' });
    expect(validateNotice({ ...filled, users: [] }, false)).toEqual({});
    expect(validateNotice(filled, true)).toEqual({});
  });

  it('refuses a type outside announcement, news, maintenance', () => {
    expect(validateNotice({ ...filled, type_of: 'spam' }, true).type_of).toBeTruthy();
    for (const type_of of ['announcement', 'news', 'maintenance'])
      expect(validateNotice({ ...filled, type_of }, true)).toEqual({});
  });

  it('sends user_ids on create only, text trimmed', () => {
    expect(noticePayload(filled, true)).toEqual({
      title: 'Hello',
      content: 'World',
      type_of: 'announcement',
      readable: true,
      user_ids: ['u1'],
    });
    expect(noticePayload({ ...filled, readable: false }, false)).toEqual({
      title: 'Hello',
      content: 'World',
      type_of: 'announcement',
      readable: false,
    });
  });

  it('loads an edit form from a notice, readable unless it says false', () => {
    const notice = {
      id: 'n1',
      title: 'T',
      content: 'C',
      type_of: 'news' as const,
      readable: false,
      recipients_count: 1,
      read_count: 0,
      created_at: '',
      updated_at: '',
    };
    expect(noticeToValues(notice)).toEqual({ title: 'T', content: 'C', type_of: 'news', readable: false, users: [] });
  });

  it('words the added notice with the server message', () => {
    expect(NOTICE_MESSAGES.added('Max Manager, Ada Admin')).toBe('Notice(s) Added for Max Manager, Ada Admin');
  });
});

describe('inbox', () => {
  const item = (id: string, read: boolean, read_at: string | null = null) => ({
    id,
    notice: {
      id,
      title: id,
      content: '',
      type_of: 'news' as const,
      readable: true,
      recipients_count: 1,
      read_count: 0,
      created_at: '',
      updated_at: '',
    },
    read,
    read_at,
  });
  const inbox: Inbox = {
    notices: [item('a', false), item('b', true, '2024-01-01'), item('c', false)],
    unread_count: 2,
  };

  it('marks one notice read and recounts the unread', () => {
    const next = markReadInInbox(inbox, 'a', '2024-02-02');
    expect(next.notices.map((n) => n.read)).toEqual([true, true, false]);
    expect(next.notices[0].read_at).toBe('2024-02-02');
    expect(next.unread_count).toBe(1);
  });

  it('keeps the first read time of a notice already read', () => {
    expect(markReadInInbox(inbox, 'b', '2024-03-03').notices[1].read_at).toBe('2024-01-01');
  });
});
