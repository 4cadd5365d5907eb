import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { TOKEN_MESSAGES } from './token-model';

/** The full secret of a just-created token: shown this once, with a copy button. */
export function TokenSecret({ secret }: { secret: string }) {
  return (
    <Alert type="success" header="Copy the new access token now" data-testid="token-secret">
      <SpaceBetween size="s">
        <Box>
          This is the only time the token is shown. It will not be shown again: copy it and keep it somewhere safe.
        </Box>
        <CopyToClipboard
          variant="inline"
          textToCopy={secret}
          textToDisplay={<code data-testid="token-secret-value">{secret}</code>}
          copyButtonAriaLabel="Copy the access token"
          copySuccessText={TOKEN_MESSAGES.copied}
          copyErrorText="The token could not be copied"
        />
      </SpaceBetween>
    </Alert>
  );
}
