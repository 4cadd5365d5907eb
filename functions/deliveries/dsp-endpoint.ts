import type { DspItem } from '../data/entities/reference.js';

/** Where and how a store takes deliveries: its SFTP server, the login, and the folder batches go under. */
export type SftpEndpoint = { host: string; port: number; root: string; username: string; password: string };

/** A store whose technical specification cannot be delivered to: the reason, in words, without secrets. */
export class EndpointProblem extends Error {}

/**
 * Reads a DSP's technical specification (server_uri `sftp://host:port/path`, server_login,
 * server_password, delivery_stub) into an endpoint. The batch folder is `{path}/{delivery_stub}`.
 */
export function sftpEndpointOf(dsp: Pick<DspItem, 'name' | 'technical_specification'>): SftpEndpoint {
  const spec = dsp.technical_specification ?? {};
  if (!spec.server_uri)
    throw new EndpointProblem(`${dsp.name} has no delivery server (server_uri) in its specification`);
  let url: URL;
  try {
    url = new URL(spec.server_uri);
  } catch {
    throw new EndpointProblem(`${dsp.name}'s delivery server (server_uri) is not a URL`);
  }
  if (url.protocol !== 'sftp:') throw new EndpointProblem(`${dsp.name}'s delivery server is not an sftp:// address`);
  if (!spec.server_login) throw new EndpointProblem(`${dsp.name} has no server login in its specification`);
  const base = decodeURIComponent(url.pathname).replace(/\/+$/, '');
  const stub = (spec.delivery_stub ?? '').replace(/^\/+|\/+$/g, '');
  // The form refuses such a stub; one stored before that rule must not reach another folder either.
  if (stub.includes('\\') || stub.split('/').includes('..'))
    throw new EndpointProblem(`${dsp.name}'s delivery stub leaves the server's folder`);
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : 22,
    root: [base, stub].filter(Boolean).join('/') || '.',
    username: spec.server_login,
    password: spec.server_password ?? '',
  };
}
