/**
 * Which payments a statement carries, in the reader's words (the statement's PDF and page say it
 * beside the payments row). A payment is carried by the first statement of the account made after
 * the payment was recorded, whatever date the payment bears, so a statement never asks again for
 * money already paid.
 */
export const PAYMENTS_CARRIED_NOTE = 'every payment recorded before this statement was made, whatever its date';
