/** Keys in S3 event records are URL-encoded with "+" for spaces. */
export function decodeS3Key(key: string): string {
  return decodeURIComponent(key.replace(/\+/g, ' '));
}
