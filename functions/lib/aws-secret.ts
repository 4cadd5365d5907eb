/**
 * A Secrets Manager secret's text, read through the Parameters and Secrets Lambda extension's local
 * endpoint (it caches it), so no Secrets Manager client is bundled. `what` names it in errors.
 */
export async function awsSecret(secretId: string, what: string): Promise<string> {
  const port = process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? '2773';
  const response = await fetch(`http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(secretId)}`, {
    headers: { 'X-Aws-Parameters-Secrets-Token': process.env.AWS_SESSION_TOKEN ?? '' },
  });
  if (!response.ok) throw new Error(`${what} could not be read (${response.status})`);
  const { SecretString } = (await response.json()) as { SecretString?: string };
  if (!SecretString) throw new Error(`${what} secret is empty`);
  return SecretString;
}
