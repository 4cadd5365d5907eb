/** The card brands a payment provider names (Stripe's, lower case) as people write them. */
const BRANDS: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** A card's brand in words ("visa" → "Visa"); one not known, or none, is just "Card". */
export function cardBrand(brand: string | null | undefined): string {
  return (brand && BRANDS[brand.toLowerCase()]) || 'Card';
}
