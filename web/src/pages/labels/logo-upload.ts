import { api, putWithProgress } from '../../app/api';
import { logoContentType } from './label-form-model';

/** The label id a new label's logo is uploaded under, before the label is saved with it (server: NEW_LABEL). */
export const NEW_LABEL_ID = 'new';

type Presigned = { url: string; key: string; method: 'PUT'; headers?: Record<string, string> };

/**
 * Uploads a label's logo: asks for a presigned PUT (POST /labels/{id}/logo_upload, in the
 * label's company), sends the file with progress, and returns the object key to save as
 * `logo_key`.
 */
export async function uploadLabelLogo(
  labelId: string,
  file: File,
  options: { companyId: string; onProgress: (percent: number) => void },
): Promise<string> {
  const contentType = logoContentType(file);
  if (!contentType) throw new Error('The logo must be a PNG, JPEG, GIF or WebP image');
  const presigned = await api.post<Presigned>(
    `/labels/${encodeURIComponent(labelId)}/logo_upload`,
    { filename: file.name, content_type: contentType, size: file.size },
    { companyId: options.companyId },
  );
  await putWithProgress(presigned.url, file, presigned.headers ?? { 'content-type': contentType }, options.onProgress);
  return presigned.key;
}
