/**
 * The promos area's facade: mailing lists, promos made from releases, sending them (a resumable job),
 * the recipients' public page, the analysis and its PDF report, and the label's mail templates. Other areas and the handler import from here only.
 */
export {
  createMailingList,
  getMailingList,
  listMailingLists,
  updateMailingList,
  addMember,
  importMembers,
  removeMember,
  updateMember,
} from './mailing-lists.js';
export { createPromo, deletePromo, getPromo, listPromos, updatePromo } from './promos.js';
export { sendPromo } from './send.js';
export { followUpPromo } from './follow-up.js';
export { cancelScheduledSend, scheduleSend } from './scheduled-send.js';
export { countPlay, coverLink, downloadTrack, giveFeedback, unsubscribe, viewPromo } from './public-page.js';
export { promoRecipients, recipientsCsv, revokeRecipient } from './analysis.js';
export { promoSendJobs } from './resume.js';
export { whoseFile } from './tracing.js';
export { deactivateMembers, unengagedMembers } from './pruning.js';
export {
  createTemplate,
  getTemplate,
  listTemplates,
  previewTemplate,
  testSendTemplate,
  updateTemplate,
} from './templates.js';
export { reportPdfLink } from './report-pdf.js';
