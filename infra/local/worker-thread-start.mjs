// The start of a queue worker's thread (worker-threads.ts): TypeScript loads through tsx's hooks, registered in the
// thread as `npm start` registers them in the cloud, then the worker's module; each batch is answered with the
// handler's result or its error.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { handler } = await import(workerData.entry);
parentPort.on('message', async ({ id, event }) => {
  try {
    parentPort.postMessage({ id, result: await handler(event, {}, () => undefined) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
