import { parse } from 'content-disposition';

/**
 * What a browser does with a download link: its Content-Disposition's type (`attachment` saves, `inline` shows) and
 * the file name it saves it under, or null when the answer names none (the browser then takes the URL's last part).
 */
export async function savedAs(url: string): Promise<{ type: string; filename: string | null; bytes: Uint8Array }> {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`The download answered ${answer.status}`);
  const header = answer.headers.get('content-disposition');
  const bytes = new Uint8Array(await answer.arrayBuffer());
  if (!header) return { type: 'none', filename: null, bytes };
  const { type, parameters } = parse(header);
  return { type, filename: parameters.filename ?? null, bytes };
}
