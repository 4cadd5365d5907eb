import http from 'node:http';

/**
 * Connections kept open between calls, as fetch keeps them. Node's http.request rather than fetch: the tests make
 * tens of thousands of calls, and fetch's streams cost about 0.25 ms of CPU more per call (0.32 against 0.09 ms
 * for a small JSON answer, client and server together, measured in one process), CPU the cloud and the other files
 * on the same two cores then lack.
 */
const keptAlive = new http.Agent({ keepAlive: true });

/**
 * One HTTP request with the headers fetch would have sent that the API reads: Node's fetch says it is `node` (a bot
 * to the smart links' click count), and a text body without a type is `text/plain;charset=UTF-8`. A redirect is
 * returned as it is (fetch would have followed it): no API route answers with one.
 */
export function send(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | Buffer | undefined,
): Promise<{ status: number; text: string }> {
  const sent: Record<string, string> = { 'user-agent': 'node', ...headers };
  if (typeof body === 'string' && !Object.keys(sent).some((name) => name.toLowerCase() === 'content-type'))
    sent['content-type'] = 'text/plain;charset=UTF-8';
  // Its length up front, as fetch sends it (else Node streams the body in chunks, and the gateway's size limit
  // would see a chunked body instead of the length it refuses before reading).
  if (body !== undefined) sent['content-length'] = String(Buffer.byteLength(body));
  const attempt = (retried: boolean) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      // The retry goes on a connection of its own: after a pause every kept connection reaches the gateway's idle
      // limit at about the same time, and a retry on the next kept one met the same close ("socket hang up" in the
      // contract import's restart test, after 5 s of work in the test's own process).
      const request = http.request(url, { method, headers: sent, agent: retried ? false : keptAlive }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        // A kept connection the gateway closed as idle (after 5 s) just as this request went out on it: the gateway
        // never read the request, so it is sent once more (Node's documented remedy).
        if (request.reusedSocket && !retried && (error.code === 'ECONNRESET' || error.code === 'EPIPE'))
          resolve(attempt(true));
        else reject(error);
      });
      request.end(body);
    });
  return attempt(false);
}
