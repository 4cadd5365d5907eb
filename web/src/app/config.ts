/** What the SPA learns at start from /config.json (served by CloudFront in AWS, the local gateway here). */
export type RuntimeConfig = {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  userPoolEndpoint?: string;
  websocketUrl: string;
};

let current: RuntimeConfig | null = null;

export async function loadConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load /config.json (HTTP ${response.status})`);
  const body = (await response.json()) as Partial<RuntimeConfig>;
  if (!body.userPoolId || !body.userPoolClientId) throw new Error('/config.json lacks userPoolId or userPoolClientId');
  current = {
    region: body.region ?? '',
    userPoolId: body.userPoolId,
    userPoolClientId: body.userPoolClientId,
    userPoolEndpoint: body.userPoolEndpoint,
    websocketUrl: body.websocketUrl ?? '',
  };
  return current;
}

export function getConfig(): RuntimeConfig | null {
  return current;
}
