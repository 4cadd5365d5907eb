import { uploadProgress } from '../../../shared/format';
import { getAccessToken } from './auth';

export const API_BASE = '/api/v1';

export type FieldErrors = Record<string, string[]>;

/** An API failure as the backend answers it: `{ message, errors?: { field: [text] } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /**
   * The company the call works in (X-Company-Id). Leave out for the current company; pass
   * `null` to send none, or another id (admins editing a record of another tenant).
   */
  companyId?: string | null;
  /** Public calls send no token and never trigger the signed-out handling. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Lets the request finish after the page is closed (clean-ups sent as a tab goes away). */
  keepalive?: boolean;
};

type Hooks = {
  companyId: () => string | null;
  onUnauthorized: () => void;
  /** A 402 (the company's plan lacks the feature or a limit was reached): shown once, with a link to the plan page. */
  onPaymentRequired: (error: ApiError) => void;
};
let hooks: Hooks = { companyId: () => null, onUnauthorized: () => undefined, onPaymentRequired: () => undefined };

/** The session registers where the current company comes from and what a 401 does. */
export function configureApi(next: Partial<Hooks>): void {
  hooks = { ...hooks, ...next };
}

/** The company the API calls work in now (the plan page a 402 links to). */
export function currentRequestCompanyId(): string | null {
  return hooks.companyId();
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** JSON in, JSON out; adds the bearer token and the current company; throws ApiError. */
async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = true, signal, keepalive } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let token: string | null = null;
  if (auth) {
    token = await getAccessToken();
    if (token) headers.authorization = `Bearer ${token}`;
    const companyId = options.companyId === undefined ? hooks.companyId() : options.companyId;
    if (companyId) headers['x-company-id'] = companyId;
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      ...(keepalive ? { keepalive } : {}),
    });
  } catch (error) {
    throw new ApiError(0, (error as Error).message || 'The request could not be sent');
  }
  const payload = await parseBody(response);
  if (!response.ok) {
    const shaped = (payload && typeof payload === 'object' ? payload : {}) as {
      message?: string;
      errors?: FieldErrors;
    };
    const error = new ApiError(
      response.status,
      shaped.message ?? (typeof payload === 'string' && payload ? payload : `Request failed (HTTP ${response.status})`),
      shaped.errors,
    );
    if (response.status === 401 && auth) hooks.onUnauthorized();
    if (response.status === 402 && auth) hooks.onPaymentRequired(error);
    throw error;
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body: body ?? {} }),
  /** A DELETE may carry a JSON body (bulk_destroy takes `{ <singular>_ids: [...] }`); without one none is sent. */
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** The text to show for any failure: the server's message, else the request error's. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error ?? 'Something went wrong');
}

/**
 * PUTs a file to a presigned URL, reporting whole-number percentages as the
 * browser sends it. Uses XMLHttpRequest because fetch has no upload progress.
 */
export function putWithProgress(
  url: string,
  file: Blob,
  headers: Record<string, string>,
  onProgress: (percent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    let last = -1;
    const report = (loaded: number, total: number) => {
      const { percent } = uploadProgress(loaded, total);
      if (percent !== last) {
        last = percent;
        onProgress(percent);
      }
    };
    xhr.upload.onprogress = (event) => report(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        report(1, 1);
        resolve();
      } else reject(new ApiError(xhr.status, `The upload failed (HTTP ${xhr.status})`));
    };
    xhr.onerror = () => reject(new ApiError(0, 'The upload failed: the storage service did not answer'));
    xhr.onabort = () => reject(new ApiError(0, 'The upload was cancelled'));
    report(0, file.size || 1);
    xhr.send(file);
  });
}
