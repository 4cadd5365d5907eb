import { utils } from 'ssh2';
import { describe, expect, it } from 'vitest';
import { parseableKey } from '../../infra/local/sftp-server.js';

describe('the local SFTP server’s host key', () => {
  // ssh2's own generator makes a key its parser refuses about once in 256; 1,000 keys would meet several.
  it('is always one ssh2 can read back', () => {
    const refused = Array.from({ length: 1000 }, parseableKey).filter((key) => utils.parseKey(key) instanceof Error);
    expect(refused).toEqual([]);
  });
});
