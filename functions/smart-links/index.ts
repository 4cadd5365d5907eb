/**
 * Smart links: one public address per release (or recording) with a button per store, the redirects that
 * count clicks, their analytics, and a label's public store page. The smart-links handler serves these;
 * other areas import only this facade.
 */
export { createSmartLink, deleteSmartLink, getSmartLink, listSmartLinks, updateSmartLink } from './links.js';
export { followLink, followStore, labelStore, landingPage } from './public-pages.js';
export { captureFan, unsubscribeFan } from './fans.js';
export { flushClicks } from './clicks.js';
