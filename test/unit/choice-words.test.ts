import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RELEASE_STATUS_REFUSED } from '../../shared/catalogue.js';
import { issueText } from '../../shared/issue-text.js';
import { teamRoleInput } from '../../shared/schemas/company-team.js';

/** What a refused choice tells the user: the choices in words, never the values as stored. */
const refusal = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('expected a refusal');
  return parsed.error.issues.flatMap((issue) => issueText(issue, input)).map((e) => `${e.field}: ${e.text}`);
};

describe('a refused choice', () => {
  it('names a bare list’s values in words', () => {
    const schema = z.strictObject({ audience: z.enum(['not_opened', 'no_feedback']) });
    expect(refusal(schema, { audience: 'everyone' })).toEqual([
      'audience: Audience must be one of: Not opened, No feedback',
    ]);
  });

  it('keeps a schema’s own sentence', () => {
    const schema = z.strictObject({ format: z.enum(['mp3', 'wav'], 'Format must be MP3 or WAV') });
    expect(refusal(schema, { format: 'ogg' })).toEqual(['format: Format must be MP3 or WAV']);
  });

  it('names a team member’s roles and a release’s statuses as the pages do', () => {
    expect(refusal(teamRoleInput, { role: 'admin' })).toEqual([
      'role: Role must be one of: User, Label manager, Label assistant, Accounting, Accountable, Promotions, Intern',
    ]);
    expect(RELEASE_STATUS_REFUSED).toBe(
      'Status must be one of: Drafted, Quality control, Submitted, Accepted, Rejected, Imported, Processing, Live, Delivered',
    );
  });
});
