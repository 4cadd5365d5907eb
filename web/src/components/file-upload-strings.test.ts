import { describe, expect, it } from 'vitest';
import { fileUploadStrings } from './file-upload-strings';

describe('upload boxes', () => {
  it('write a chosen file’s size as every page does, not the upload box’s own "0.40 KB"', () => {
    const strings = fileUploadStrings({ dropzoneText: () => 'Drop the release sheet' });
    expect(strings.formatFileSize?.(398)).toBe('398.00 B');
    expect(strings.formatFileSize?.(1.2 * 1024 * 1024)).toBe('1.20 MB');
  });
});
