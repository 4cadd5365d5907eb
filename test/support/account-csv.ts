import { readFileSync } from 'node:fs';
import type { AccountMaterial } from '../../functions/money/earnings/earnings.js';

/** An account's statement CSV as its upload joins it: the header's file, then each month's (csvParts). */
export const accountCsvText = (material: Pick<AccountMaterial, 'csvParts'> | undefined): string =>
  (material?.csvParts ?? []).map((file) => readFileSync(file, 'utf8')).join('');
