/**
 * The promos area's facade: mailing lists, promos made from releases, sending them (a resumable job),
 * the recipients' public page and the analysis. Other areas and the handler import from here only.
 */
export {
  createMailingList,
  getMailingList,
  listMailingLists,
  updateMailingList,
  addMember,
  importMembers,
} from './mailing-lists.js';
export { createPromo, getPromo, listPromos, updatePromo } from './promos.js';
export { sendPromo } from './send.js';
export { cancelScheduledSend, scheduleSend } from './scheduled-send.js';
export { countPlay, downloadTrack, giveFeedback, unsubscribe, viewPromo } from './public-page.js';
export { promoRecipients, recipientsCsv, revokeRecipient } from './analysis.js';
export { promoSendJobs } from './resume.js';
export { whoseFile } from './tracing.js';
export { deactivateMembers, unengagedMembers } from './pruning.js';
