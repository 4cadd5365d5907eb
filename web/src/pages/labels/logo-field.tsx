import Checkbox from '@cloudscape-design/components/checkbox';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { LOGO_CONTENT_TYPES } from '../../../../shared/constants';
import type { LabelView } from '../../../../shared/schemas/label';
import { UploadProgress } from '../../components/upload-progress';
import { fileUploadStrings } from '../../components/file-upload-strings';

/** The logo input: current logo, a new file (checked before upload), removal, and upload progress. */
export function LogoField(props: {
  current: LabelView['logo'] | undefined;
  file: File | null;
  onFile: (file: File | null) => void;
  remove: boolean;
  onRemove: (remove: boolean) => void;
  error?: string;
  progress: number | null;
}) {
  return (
    <SpaceBetween size="s">
      {props.current ? (
        <SpaceBetween direction="horizontal" size="s" alignItems="center">
          <img
            className="label-logo"
            src={props.current.url}
            alt="Current logo"
            style={{ height: 64, width: 'auto', maxWidth: '100%', objectFit: 'contain' }}
          />
          <Checkbox
            checked={props.remove}
            onChange={({ detail }) => props.onRemove(detail.checked)}
            disabled={Boolean(props.file)}
            nativeInputAttributes={{ 'data-testid': 'label-remove-logo' }}
          >
            Remove the current logo
          </Checkbox>
        </SpaceBetween>
      ) : null}
      <FormField
        label={props.current ? 'Replace logo' : 'Logo'}
        errorText={props.error}
        constraintText="PNG, JPEG, GIF or WebP, up to 5 MB."
      >
        <div data-testid="label-logo">
          <FileUpload
            value={props.file ? [props.file] : []}
            onChange={({ detail }) => props.onFile(detail.value[0] ?? null)}
            accept={LOGO_CONTENT_TYPES.join(',')}
            showFileSize
            showFileThumbnail
            i18nStrings={fileUploadStrings({
              uploadButtonText: () => 'Choose logo',
              dropzoneText: () => 'Drop the logo here',
              limitShowFewer: 'Show fewer',
              limitShowMore: 'Show more',
              warningIconAriaLabel: 'Warning',
            })}
          />
        </div>
      </FormField>
      {props.progress !== null ? (
        <UploadProgress percent={props.progress} label="Uploading logo" testId="label-logo-progress" />
      ) : null}
    </SpaceBetween>
  );
}
