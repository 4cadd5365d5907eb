import { describe, expect, it } from 'vitest';
import { MAX_GUIDE_BYTES, MAX_LOGO_BYTES } from '../../../../../shared/constants';
import { referenceFileProblem } from './reference-file-input';

describe('a reference record’s file field', () => {
  const logo = { label: 'Logo', contentTypes: ['image/png', 'image/jpeg'], maxBytes: MAX_LOGO_BYTES };

  it('takes a file of its types up to its limit', () => {
    expect(referenceFileProblem(logo, { name: 'logo.png', type: 'image/png', size: MAX_LOGO_BYTES })).toBeNull();
  });

  it('refuses another type by the file’s name, and a larger file with the limit in MB, not in bytes', () => {
    expect(referenceFileProblem(logo, { name: 'logo.gif', type: 'image/gif', size: 10 })).toBe(
      'logo.gif is not an accepted file type',
    );
    expect(referenceFileProblem(logo, { name: 'logo.png', type: 'image/png', size: MAX_LOGO_BYTES + 1 })).toBe(
      'Logo must be under 5 MB',
    );
    const guide = { label: 'Guide', contentTypes: ['application/pdf'], maxBytes: MAX_GUIDE_BYTES };
    expect(referenceFileProblem(guide, { name: 'g.pdf', type: 'application/pdf', size: MAX_GUIDE_BYTES + 1 })).toBe(
      'Guide must be under 25 MB',
    );
  });
});
