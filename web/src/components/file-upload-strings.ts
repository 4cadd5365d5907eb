import type { FileUploadProps } from '@cloudscape-design/components/file-upload';
import { formatFileSize } from '../../../shared/format';

/** The words every upload box shares; a chosen file's size as every page writes sizes ("398 B", "1.2 MB"). */
const SHARED: FileUploadProps.I18nStrings = {
  uploadButtonText: (multiple) => (multiple ? 'Choose files' : 'Choose file'),
  dropzoneText: (multiple) => (multiple ? 'Drop files to upload' : 'Drop a file to upload'),
  removeFileAriaLabel: () => 'Remove file',
  limitShowFewer: 'Show fewer files',
  limitShowMore: 'Show more files',
  errorIconAriaLabel: 'Error',
  formatFileSize,
};

/** A FileUpload's words: the shared ones, with what this box says its own way (its button, its drop zone). */
export function fileUploadStrings(own: Partial<FileUploadProps.I18nStrings>): FileUploadProps.I18nStrings {
  return { ...SHARED, ...own };
}
