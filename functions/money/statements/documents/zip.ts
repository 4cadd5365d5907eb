import { zipSync } from 'fflate';

export type ZipEntry = { name: string; data: Uint8Array };

/** A name safe inside a zip on any system: no folders, no characters Windows refuses, never empty. */
function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const cleaned = base.replace(/[\u0000-\u001f<>:"|?*]+/g, '_').replace(/^[.\s]+|[.\s]+$/g, '');
  return cleaned || 'file';
}

/** "a.pdf" taken → "a (2).pdf", then "a (3).pdf" … (compared case-insensitively, as Windows and macOS do). */
function unique(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${n})${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * Several files as one zip (bulk_download of statements): names made safe and unique, PDFs
 * stored as they are (already compressed), other files deflated.
 */
export function zipFiles(entries: ZipEntry[]): Uint8Array {
  const taken = new Set<string>();
  const files: Record<string, [Uint8Array, { level: 0 | 6 }]> = {};
  for (const entry of entries) {
    const name = unique(safeName(entry.name), taken);
    files[name] = [entry.data, { level: name.toLowerCase().endsWith('.pdf') ? 0 : 6 }];
  }
  return zipSync(files);
}
