import { DuckDBInstance } from '@duckdb/node-api';

/**
 * How many rows a Parquet file holds, and those of them, read in file order, that come before the row above them when
 * sorted by `columns` the way DuckDB sorts by default: strings byte by byte (a NUL joins a row's values, so a tuple
 * compares column by column), missing values last. None out of order: the file is in that order.
 */
export async function fileOrder(
  file: string,
  columns: string[],
): Promise<{ rows: number; outOfOrder: (string | null)[][] }> {
  const duck = await (await DuckDBInstance.create(':memory:')).connect();
  try {
    const rows = (
      await duck.runAndReadAll(`SELECT ${columns.join(', ')} FROM read_parquet('${file.replaceAll("'", "''")}')`)
    ).getRowsJson() as (string | null)[][];
    const key = (row: (string | null)[]) => row.map((value) => value ?? '\uffff').join('\u0000');
    return { rows: rows.length, outOfOrder: rows.filter((row, i) => i > 0 && key(rows[i - 1]) > key(row)) };
  } finally {
    duck.closeSync();
  }
}
