const REGIONS = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * A territory as sales reports write it, in words: an ISO country code as the country's English name ("GB" → "United
 * Kingdom", "FR" → "France"); anything else as the report wrote it ("Worldwide").
 */
export function territoryName(territory: string): string {
  if (!/^[A-Z]{2}$/.test(territory)) return territory;
  try {
    return REGIONS.of(territory) ?? territory;
  } catch {
    return territory;
  }
}

/**
 * A licence's territory as it was typed, each country code in it named: "GB, IE" → "United Kingdom, Ireland", "World"
 * and "Europe" as typed. A two-letter word in capitals is a country code, as the licence's clearance reads it.
 */
export function territoryWords(text: string): string {
  return text.replace(/\b[A-Z]{2}\b/g, (code) => territoryName(code));
}
