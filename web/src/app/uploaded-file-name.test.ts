import { describe, expect, it } from 'vitest';
import { uploadedFileName } from '../../../shared/file-names';

describe('uploadedFileName', () => {
  it('drops the stored id prefix and shows the name the user chose', () => {
    expect(uploadedFileName('01M8FW48E45C8HWX9PD5JX7JNZ-walk-q3-sales.csv')).toBe('walk-q3-sales.csv');
    expect(uploadedFileName('01m8fw48e45c8hwx9pd5jx7jnz-lower.csv')).toBe('lower.csv');
  });

  it('drops the folder path too', () => {
    expect(uploadedFileName('imports/c1/01M8FW48E45C8HWX9PD5JX7JNZ-q3.csv')).toBe('q3.csv');
  });

  it('keeps a name that has no stored id, or whose first part only looks like one', () => {
    expect(uploadedFileName('q3-sales.csv')).toBe('q3-sales.csv');
    // 26 characters but with letters an id never uses (I, L, O, U)
    expect(uploadedFileName('ILOUILOUILOUILOUILOUILOUIL-q3.csv')).toBe('ILOUILOUILOUILOUILOUILOUIL-q3.csv');
    // an id with nothing after it is kept whole rather than shown as an empty name
    expect(uploadedFileName('01M8FW48E45C8HWX9PD5JX7JNZ-')).toBe('01M8FW48E45C8HWX9PD5JX7JNZ-');
  });
});
