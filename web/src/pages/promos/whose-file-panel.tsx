import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { readMarker } from '../../../../shared/promo-marker';
import { api, errorMessage } from '../../app/api';
import { fileUploadStrings } from '../../components/file-upload-strings';

type Trace = { match: 'exact' | 'tag' | 'none'; message: string };

/** Reads only the first 1 MB for the tag: it sits at the start of the file. */
const TAG_WINDOW = 1024 * 1024;

async function sha256Hex(buffer: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', buffer);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * "Whose file is this?": a label drops a leaked promo file; the browser works out its SHA-256 and the
 * promo tag in it and asks which recipient it was made for. The file itself never leaves the machine.
 */
export function WhoseFilePanel() {
  const [files, setFiles] = useState<File[]>([]);
  const [trace, setTrace] = useState<Trace | null>(null);
  const check = async (chosen: File[]) => {
    setFiles(chosen);
    setTrace(null);
    const [file] = chosen;
    if (!file) return;
    try {
      const buffer = await file.arrayBuffer();
      const marker = readMarker(new Uint8Array(buffer.slice(0, TAG_WINDOW)));
      const body = { sha256: await sha256Hex(buffer), ...(marker ? { marker } : {}) };
      setTrace(await api.post<Trace>('/promo_traces', body));
    } catch (failure) {
      setTrace({ match: 'none', message: errorMessage(failure) });
    }
  };
  return (
    <Container
      header={
        <Header
          variant="h2"
          description="Every promo download is made for its recipient. Drop a file that leaked to learn whose it was. A re-encoded file cannot be traced."
        >
          Whose file is this?
        </Header>
      }
    >
      <SpaceBetween size="m">
        <FormField label="A downloaded promo file">
          <FileUpload
            value={files}
            onChange={(e) => void check(e.detail.value)}
            accept=".mp3,audio/mpeg"
            i18nStrings={fileUploadStrings({ uploadButtonText: () => 'Choose a file' })}
            data-testid="whose-file"
          />
        </FormField>
        {trace && (
          <Alert
            type={trace.match === 'exact' ? 'success' : trace.match === 'tag' ? 'warning' : 'info'}
            data-testid="whose-file-answer"
          >
            {trace.message}
          </Alert>
        )}
      </SpaceBetween>
    </Container>
  );
}
