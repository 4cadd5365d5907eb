import { answerMemo } from '../../../lib/answer-memo.js';

/**
 * What every statement of a run reads alike (the company as sender and its account terms, a label's name), read
 * once per run in this process while the run's statements are made instead of once per statement. Keyed by what
 * is read, the company and the run. A change to them during a run reaches the next run (or a PDF opened later,
 * which reads them afresh).
 */
export const oncePerRun = answerMemo(200);
