import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('./auth', () => ({ getAccessToken: async () => 'token-1' }));
const { api } = await import('./api');

function stubFetch() {
  const fetchMock = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(JSON.stringify({ message: '2 countries deleted' }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends a JSON body with DELETE when given one (bulk_destroy)', async () => {
    const fetchMock = stubFetch();
    const answer = await api.delete<{ message: string }>('/countries/bulk_destroy', {
      body: { country_ids: ['a', 'b'] },
      companyId: null,
    });
    expect(answer.message).toBe('2 countries deleted');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/countries/bulk_destroy');
    expect(init.method).toBe('DELETE');
    expect(init.body).toBe(JSON.stringify({ country_ids: ['a', 'b'] }));
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer token-1');
  });

  it('sends no body and no content type with a plain DELETE', async () => {
    const fetchMock = stubFetch();
    await api.delete('/countries/c1');
    const [, init] = fetchMock.mock.calls[0];
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });
});
