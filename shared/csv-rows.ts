/** The separators a CSV's cells may use, the first winning a tie. */
const CSV_DELIMITERS = [',', ';', '\t'] as const;

/**
 * The separator of a CSV, read from its header row: the one of comma, semicolon and tab that occurs there most often
 * outside quotes (a comma when none does). Excel saves "CSV" with semicolons where the comma is the decimal mark
 * (most of continental Europe), and a tab-separated export is common too; a comma inside a semicolon file's cell is
 * text, so the file is read with its one separator rather than with all three.
 */
export function csvDelimiter(text: string): (typeof CSV_DELIMITERS)[number] {
  const counts = new Map<string, number>(CSV_DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const character of text.replace(/^\uFEFF/, '').slice(0, 64 * 1024)) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '\n' || character === '\r')) break;
    else if (!quoted && counts.has(character)) counts.set(character, (counts.get(character) ?? 0) + 1);
  }
  return CSV_DELIMITERS.reduce((best, d) => ((counts.get(d) ?? 0) > (counts.get(best) ?? 0) ? d : best));
}

/**
 * Reads CSV text (RFC 4180: quoted fields, doubled quotes, CRLF, LF or CR alone) into rows keyed by the
 * header row's names (trimmed, lower-cased), its cells separated by comma, semicolon or tab as its header row
 * shows (csvDelimiter: a list saved by Excel where the comma is the decimal mark read as one column, so "no email
 * column"). Blank lines are skipped.
 */
export function csvRows(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  const delimiter = csvDelimiter(body);
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length) records.push([...record, field]);
  const nonBlank = records.filter((r) => r.some((v) => v.trim() !== ''));
  const [header, ...rows] = nonBlank;
  if (!header) return [];
  const names = header.map((h) => h.trim().toLowerCase());
  return rows.map((row) => Object.fromEntries(names.map((name, i) => [name, (row[i] ?? '').trim()])));
}
