import type { MappingColumn } from './schemas/royalty-map.js';

/**
 * What stores and distributors call each column of a sales report, in English, German, French, Spanish
 * and Dutch: "Match by name" in the report map editor reads a sample's headers against these. A header
 * matches once case, accents, spaces and punctuation are ignored, and a currency code beside the name
 * ("Netto EUR", "Revenue (USD)") is left out. The first names of a column are its most usual ones.
 * `normalized_pay_period` is worked out by the import, never read from a report, so it has none.
 */
export const COLUMN_NAMES: Readonly<Record<Exclude<MappingColumn, 'normalized_pay_period'>, readonly string[]>> = {
  pay_period: [
    'pay period',
    'period',
    'reporting period',
    'sales period',
    'statement period',
    'accounting period',
    'month',
    'sales month',
    'zeitraum',
    'abrechnungszeitraum',
    'berichtszeitraum',
    'monat',
    'periode',
    'période',
    'période de vente',
    'mois',
    'periodo',
    'periodo de venta',
    'mes',
    'maand',
    'verkoopperiode',
  ],
  subtotal_payable: [
    'subtotal payable',
    'net revenue',
    'net',
    'net amount',
    'net payable',
    'payable',
    'amount payable',
    'royalty',
    'royalties',
    'earnings',
    'revenue',
    'amount',
    'netto',
    'nettobetrag',
    'nettoerlös',
    'nettoumsatz',
    'erlös',
    'betrag',
    'auszahlung',
    'montant net',
    'revenu net',
    'montant',
    'redevances',
    'neto',
    'importe neto',
    'importe',
    'ingresos netos',
    'regalías',
    'netto bedrag',
    'nettobedrag',
    'bedrag',
    'opbrengst',
  ],
  subtotal_payable_currency: [
    'currency',
    'currency code',
    'payable currency',
    'währung',
    'waehrung',
    'devise',
    'monnaie',
    'moneda',
    'divisa',
    'valuta',
  ],
  quantity: [
    'quantity',
    'units',
    'qty',
    'unit count',
    'streams',
    'downloads',
    'menge',
    'anzahl',
    'stückzahl',
    'einheiten',
    'quantité',
    'unités',
    'cantidad',
    'unidades',
    'aantal',
    'hoeveelheid',
  ],
  isrc: ['isrc', 'isrc code', 'track isrc', 'isrc-code', 'code isrc', 'código isrc'],
  upc: [
    'upc',
    'ean',
    'barcode',
    'upc/ean',
    'ean/upc',
    'ean code',
    'gtin',
    'product upc',
    'release upc',
    'code-barres',
    'code barre',
    'código de barras',
    'streepjescode',
  ],
  song: [
    'song',
    'track',
    'track title',
    'title',
    'song title',
    'track name',
    'titel',
    'tracktitel',
    'songtitel',
    'titre',
    'titre du morceau',
    'chanson',
    'morceau',
    'título',
    'canción',
    'pista',
    'nummer titel',
  ],
  artist: [
    'artist',
    'track artist',
    'artist name',
    'interpret',
    'künstler',
    'kuenstler',
    'artiste',
    'artista',
    'artiest',
    'uitvoerder',
  ],
  album: [
    'album',
    'release',
    'release title',
    'album title',
    'product title',
    'product',
    'albumtitel',
    'produkt',
    'titre de l’album',
    'titre album',
    'produit',
    'álbum',
    'título del álbum',
    'producto',
    'albumtitel',
  ],
  album_artist: [
    'album artist',
    'release artist',
    'product artist',
    'albuminterpret',
    'albumkünstler',
    'artiste de l’album',
    'artista del álbum',
    'albumartiest',
  ],
  retailer: [
    'retailer',
    'store',
    'shop',
    'dsp',
    'service',
    'platform',
    'partner',
    'store name',
    'händler',
    'plattform',
    'dienst',
    'anbieter',
    'détaillant',
    'magasin',
    'plateforme',
    'boutique',
    'tienda',
    'plataforma',
    'servicio',
    'winkel',
    'dienstverlener',
  ],
  territory: [
    'territory',
    'sales territory',
    'region',
    'market',
    'gebiet',
    'territorium',
    'markt',
    'territoire',
    'marché',
    'territorio',
    'mercado',
    'regio',
  ],
  country_iso: [
    'country',
    'country code',
    'country iso',
    'iso country',
    'land',
    'ländercode',
    'landcode',
    'pays',
    'code pays',
    'país',
    'código de país',
    'landcode iso',
  ],
  sales_format: ['sales format', 'format', 'configuration', 'formato', 'formaat', 'konfiguration'],
  sales_category: ['sales category', 'category', 'sales type', 'kategorie', 'catégorie', 'categoría', 'categorie'],
  sales_description: ['sales description', 'description', 'beschreibung', 'descripción', 'omschrijving', 'libellé'],
  asset_type: ['asset type', 'content type', 'product type', 'type', 'typ', 'type de contenu', 'tipo', 'soort'],
  unit_price: [
    'unit price',
    'price',
    'price per unit',
    'stückpreis',
    'einzelpreis',
    'preis',
    'prix unitaire',
    'prix',
    'precio unitario',
    'precio',
    'stukprijs',
    'prijs',
  ],
  exchange_rate: [
    'exchange rate',
    'fx rate',
    'conversion rate',
    'wechselkurs',
    'umrechnungskurs',
    'taux de change',
    'tipo de cambio',
    'wisselkoers',
  ],
  exchanged_net_revenue: [
    'exchanged net revenue',
    'converted net revenue',
    'net revenue converted',
    'converted amount',
    'umgerechneter betrag',
    'montant converti',
    'importe convertido',
    'omgerekend bedrag',
  ],
  exchanged_net_revenue_currency: [
    'exchanged net revenue currency',
    'converted currency',
    'reporting currency',
    'berichtswährung',
    'devise de conversion',
    'moneda convertida',
  ],
  mechanicals_payable: [
    'mechanicals payable',
    'mechanicals',
    'mechanical royalties',
    'mechanische rechte',
    'droits mécaniques',
    'derechos mecánicos',
    'mechanische rechten',
  ],
  cat_no: [
    'cat no',
    'catalogue number',
    'catalog number',
    'catalogue no',
    'catalog no',
    'cat#',
    'katalognummer',
    'bestellnummer',
    'numéro de catalogue',
    'référence catalogue',
    'número de catálogo',
    'catalogusnummer',
  ],
  label_name: [
    'label name',
    'label',
    'record label',
    'plattenfirma',
    'maison de disques',
    'sello',
    'sello discográfico',
    'platenlabel',
  ],
  release_date: [
    'release date',
    'veröffentlichungsdatum',
    'erscheinungsdatum',
    'releasedatum',
    'date de sortie',
    'fecha de lanzamiento',
    'fecha de publicación',
  ],
  delivered_by: ['delivered by', 'distributor', 'vertrieb', 'distributeur', 'distribuidor', 'distributeur'],
  mix: ['mix', 'version', 'mix name', 'mix version', 'versión', 'versie'],
};

/** Currency codes a header may carry beside its name ("Netto EUR"): left out when matching. */
const CURRENCY_WORDS = /\b(?:eur|usd|gbp|chf|sek|nok|dkk|jpy|aud|cad|pln|czk|brl|mxn)\b/g;

/** A header or a name as compared: no accents, no case, no currency code, letters and digits only. */
export function comparableName(text: string): string {
  const plain = text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
  const withoutCurrency = plain.replace(CURRENCY_WORDS, ' ').replace(/[^a-z0-9]/g, '');
  // A header that is only a currency code ("EUR") keeps it: it may be the currency column itself.
  return withoutCurrency || plain.replace(/[^a-z0-9]/g, '');
}

/**
 * Matches a sample's headers to the map's columns by name. Columns mapped already stay, and their headers
 * are not offered again; each header goes to one column at most. A header that is a column's own name
 * ("Pay Period" → pay period) wins over a header that is another of its names, and a column's earlier names
 * over its later ones. Answers the columns and the headers left unmatched, in the sample's order.
 */
export function matchColumnsByName(
  headers: readonly string[],
  current: Partial<Record<MappingColumn, string>> = {},
): { columns: Partial<Record<MappingColumn, string>>; unmatched: string[] } {
  const columns: Partial<Record<MappingColumn, string>> = { ...current };
  const taken = new Set(Object.values(current).filter(Boolean));
  const byName = new Map<string, string>();
  for (const header of headers)
    if (!taken.has(header) && !byName.has(comparableName(header))) byName.set(comparableName(header), header);
  const open = (Object.keys(COLUMN_NAMES) as (keyof typeof COLUMN_NAMES)[]).filter((column) => !columns[column]);
  const depth = Math.max(...Object.values(COLUMN_NAMES).map((names) => names.length));
  // Round by round: every column's own name first, then every column's second name, and so on.
  for (let round = -1; round < depth; round += 1) {
    for (const column of open) {
      if (columns[column]) continue;
      const name = round < 0 ? column : COLUMN_NAMES[column][round];
      if (name === undefined) continue;
      const header = byName.get(comparableName(name));
      if (header === undefined || taken.has(header)) continue;
      columns[column] = header;
      taken.add(header);
    }
  }
  return { columns, unmatched: headers.filter((header) => !taken.has(header)) };
}
