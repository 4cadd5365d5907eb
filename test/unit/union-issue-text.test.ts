import { describe, expect, it } from 'vitest';
import { issueText } from '../../shared/issue-text.js';
import { upcImportInput } from '../../shared/schemas/distribution.js';

/** A field that takes text or a list (the UPC import's codes): its refusals name it in words, never "Invalid input". */
const said = (input: unknown) =>
  (upcImportInput.safeParse(input).error?.issues ?? []).flatMap((issue) => issueText(issue, input));

describe('a field of several kinds of value', () => {
  it('left out, is asked for by name', () => {
    expect(said({})).toEqual([{ field: 'upcs', text: 'UPCs is required' }]);
    expect(said({ upcs: null })).toEqual([{ field: 'upcs', text: 'UPCs is required' }]);
  });

  it('of none of its kinds, says which kinds it takes', () => {
    expect(said({ upcs: 5060000000009 })).toEqual([{ field: 'upcs', text: 'UPCs must be text or a list' }]);
  });

  it('of one of its kinds but wrong within, says that kind’s rule', () => {
    expect(said({ upcs: ['x'.repeat(41)] })).toEqual([{ field: 'upcs.0', text: 'UPCs must be under 40 characters' }]);
  });
});
