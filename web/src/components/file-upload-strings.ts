import type { FileUploadProps } from '@cloudscape-design/components/file-upload';

/** The words every upload box shares. */
const SHARED: FileUploadProps.I18nStrings = {
  uploadButtonText: (multiple) => (multiple ? 'Choose files' : 'Choose file'),
  dropzoneText: (multiple) => (multiple ? 'Drop files to upload' : 'Drop a file to upload'),
  removeFileAriaLabel: () => 'Remove file',
  limitShowFewer: 'Show fewer files',
  limitShowMore: 'Show more files',
  errorIconAriaLabel: 'Error',
};

/** A FileUpload's words: the shared ones, with what this box says its own way (its button, its drop zone). */
export function fileUploadStrings(own: Partial<FileUploadProps.I18nStrings>): FileUploadProps.I18nStrings {
  return { ...SHARED, ...own };
}
