/**
 * Saves what the API answered as a file in the browser's downloads, under `filename` (the API's own name for it).
 * The object URL is let go a moment later: revoking it at once may cancel the download in some browsers.
 */
export function saveFile(filename: string, content: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
