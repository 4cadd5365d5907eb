/** Today in UTC (YYYY-MM-DD), the day a promo's start and expiry dates are compared with. */
export const today = () => new Date().toISOString().slice(0, 10);
