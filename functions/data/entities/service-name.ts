/** ElectroDB service name: prefixes every key so entities of this product never collide. */
export const SERVICE = 'lp';
