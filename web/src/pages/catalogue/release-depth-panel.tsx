import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type ComponentType, useState } from 'react';
import { RELEASE_IMAGE_TYPES } from '../../../../shared/catalogue';
import { LOGO_CONTENT_TYPES } from '../../../../shared/constants';
import { api, errorMessage, putWithProgress } from '../../app/api';
import { useInvalidate } from '../../app/invalidate';
import { notify } from '../../app/notifications';
import { UploadProgress } from '../../components/upload-progress';
import { fileUploadStrings } from '../../components/file-upload-strings';
import type { ReferenceConfig } from '../admin/reference/reference-types';
import { usePermits } from '../../app/use-may-open';

type ExtraProps = { config: ReferenceConfig; record: Record<string, unknown> & { id: string } };
type ReleaseImage = {
  id: string;
  type_of?: string;
  caption?: string;
  image: { url: string; filename: string } | null;
};
const enc = encodeURIComponent;

/**
 * A release's images beside the cover art (back cover, booklet …): uploaded straight to storage,
 * then saved on the release as an image row; each can be removed. (The release's own pages are linked under the
 * page's heading: release-page-links.ts.)
 */
function ReleaseDepthPanel({ release, readOnly }: { release: ExtraProps['record']; readOnly: boolean }) {
  const images = (release.images as ReleaseImage[] | undefined) ?? [];
  const [typeOf, setTypeOf] = useState<string>(RELEASE_IMAGE_TYPES[0]);
  const [files, setFiles] = useState<File[]>([]);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = useInvalidate(`/releases/${release.id}`);
  // Adding and removing images changes the release (PATCH /releases/{id}: catalogue.write).
  const mayChange = usePermits('catalogue.write') && !readOnly;
  const save = (rows: Record<string, unknown>[]) =>
    api.patch(`/releases/${enc(release.id)}`, { images_attributes: rows });

  const upload = async (file: File) => {
    setProblem(null);
    if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) {
      setProblem('Image must be a PNG, JPEG, GIF or WebP image');
      return;
    }
    try {
      setPercent(0);
      const presigned = await api.post<{ url: string; key: string; headers?: Record<string, string> }>(
        '/releases/uploads',
        { field: 'image', filename: file.name, content_type: file.type, size: file.size },
      );
      await putWithProgress(presigned.url, file, presigned.headers ?? { 'content-type': file.type }, setPercent);
      await save([{ image_key: presigned.key, type_of: typeOf }]);
      notify('notification', 'Release Updated');
      setFiles([]);
      await refresh();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setPercent(null);
    }
  };
  const remove = async (image: ReleaseImage) => {
    try {
      await save([{ id: image.id, _destroy: true }]);
      await refresh();
    } catch (error) {
      notify('error', errorMessage(error));
    }
  };

  return (
    <Container
      data-testid="release-depth"
      header={
        <Header variant="h2" description="Images beside the cover art: back cover, booklet, inlay …">
          Images
        </Header>
      }
    >
      <SpaceBetween size="m">
        {images.length ? (
          <SpaceBetween direction="horizontal" size="m">
            {images.map((image) => (
              <SpaceBetween key={image.id} size="xxs">
                {image.image ? (
                  <img
                    src={image.image.url}
                    alt={image.caption || image.type_of || 'Release image'}
                    width={120}
                    height={120}
                    style={{ objectFit: 'contain' }}
                  />
                ) : null}
                <Box variant="small">{[image.type_of, image.caption].filter(Boolean).join(' – ')}</Box>
                {mayChange ? (
                  <Button variant="inline-link" onClick={() => void remove(image)}>
                    Remove
                  </Button>
                ) : null}
              </SpaceBetween>
            ))}
          </SpaceBetween>
        ) : (
          <Box color="text-body-secondary">No other images.</Box>
        )}
        {mayChange ? (
          <SpaceBetween direction="horizontal" size="s">
            <Select
              selectedOption={{ value: typeOf, label: typeOf }}
              onChange={({ detail }) => setTypeOf(detail.selectedOption.value ?? RELEASE_IMAGE_TYPES[0])}
              options={RELEASE_IMAGE_TYPES.map((t) => ({ value: t, label: t }))}
              data-testid="release-image-type"
            />
            <FileUpload
              value={files}
              onChange={({ detail }) => {
                setFiles(detail.value);
                if (detail.value[0]) void upload(detail.value[0]);
              }}
              accept=".jpg,.jpeg,.png,.gif,.webp"
              errorText={problem}
              i18nStrings={fileUploadStrings({ uploadButtonText: () => 'Add image' })}
              data-testid="release-image-upload"
            />
          </SpaceBetween>
        ) : null}
        {percent !== null ? <UploadProgress percent={percent} label="Uploading image" /> : null}
      </SpaceBetween>
    </Container>
  );
}

/** A release page's extra panels with the depth panel (its other images) before `After`. */
export function withReleaseDepth(After: ComponentType<ExtraProps>): ComponentType<ExtraProps> {
  function ReleaseDepthExtra(props: ExtraProps) {
    return (
      <SpaceBetween size="l">
        <ReleaseDepthPanel release={props.record} readOnly={props.config.endpoint?.companyScoped === false} />
        <After {...props} />
      </SpaceBetween>
    );
  }
  return ReleaseDepthExtra;
}
