import type { ErnParty } from './types.js';

/**
 * Who a message is from and to. DDEX Party IDs (DPIDs) are issued by DDEX: the product's own is
 * set per deployment (DDEX_SENDER_DPID); the reference DSP records carry none yet, so a recipient
 * is named with the placeholder below until its DPID is known. A value not in the DPID form
 * (PADPIDA and 11 letters or digits) is never sent: the placeholder is.
 */
export const PLACEHOLDER_DPID = 'PADPIDA0000000000X';
const DPID = /^PADPIDA[0-9A-Z]{11}$/;

/** A message party: its DPID when it is one, else the placeholder, and its name. */
export function ernParty(name: string, dpid?: string): ErnParty {
  const id = dpid?.trim().toUpperCase();
  return { dpid: id && DPID.test(id) ? id : PLACEHOLDER_DPID, name: name.trim() || 'Unknown' };
}

/** The sender: the company (or distributor) delivering, under the product's DPID. */
export function senderParty(companyName: string): ErnParty {
  return ernParty(companyName, process.env.DDEX_SENDER_DPID);
}
