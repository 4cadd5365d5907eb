/**
 * Reads CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF) into rows keyed by the
 * header row's names (trimmed, lower-cased). Blank lines are skipped.
 */
export function csvRows(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
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
