import { describe, expect, it } from 'vitest';
import { fieldErrorLines, flashType, notificationsShownOn } from './notification-rules';

describe('notifications', () => {
  it('are hidden on home, signin, signout, confirm, setup_account and forgotten_password', () => {
    for (const path of [
      '/',
      '/signin',
      '/signout',
      '/signout/',
      '/confirm/abc',
      '/confirm',
      '/setup_account',
      '/forgotten_password',
    ]) {
      expect(notificationsShownOn(path), path).toBe(false);
    }
  });
  it('are shown everywhere else', () => {
    for (const path of [
      '/user',
      '/user/labels',
      '/signup',
      '/change_password',
      '/reset_password/x',
      '/confirmed',
      '/admin',
    ]) {
      expect(notificationsShownOn(path), path).toBe(true);
    }
  });
  it('map the product’s types onto Flashbar types', () => {
    expect(flashType('error')).toBe('error');
    expect(flashType('warning')).toBe('warning');
    expect(flashType('notification')).toBe('info');
  });
  it('show multi-field errors one line per field, name without underscores and capitalised', () => {
    expect(fieldErrorLines({ deal_percentage: ['must be under 100'], name: 'is required' })).toEqual([
      'Deal percentage must be under 100',
      'Name is required',
    ]);
    expect(fieldErrorLines({ 'rows.0.dsp_id': ['is required'], vat_number: 'is not valid' })).toEqual([
      'DSP is required',
      'VAT number is not valid',
    ]);
    expect(fieldErrorLines(undefined)).toEqual([]);
  });
  it('show an API sentence once: not prefixed with its field, and not again when it is the message', () => {
    const text = 'Logo was not uploaded; upload the file again';
    expect(fieldErrorLines({ logo_key: [text] }, text)).toEqual([]);
    expect(fieldErrorLines({ logo_key: [text], name: ['Name is required'] }, text)).toEqual(['Name is required']);
  });
});
