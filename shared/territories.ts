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
