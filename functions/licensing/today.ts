/** Today as the company's calendar says it (UTC: dates are whole days, no time of day), YYYY-MM-DD. */
export const today = () => new Date().toISOString().slice(0, 10);
