import { makeWorkFolder } from '../../functions/lib/work-folders.js';

/**
 * A queue worker for test/unit/work-folders.test.ts: each batch makes a work folder in its thread, as the local
 * cloud's statement worker does, and answers where it was made.
 */
export async function handler(): Promise<{ folder: string }> {
  return { folder: await makeWorkFolder('thread-work-') };
}
