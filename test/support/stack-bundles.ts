import { AREAS } from '../../functions/routes.js';
import {
  HTTP_AREAS,
  REQUEST_AUTHORIZER,
  SCHEDULED_JOBS,
  WORKERS,
  httpEntry,
  type Needs,
} from '../../infra/functions.js';

/** One Lambda of the stack as its bundle is built: its entry, the native modules left outside, the data files beside. */
export type StackBundle = {
  entry: string;
  external: readonly string[];
  assets: readonly string[];
  /** What it is given to reach other services: the queues it may send to (their URLs), mail, pushes, buckets. */
  needs: Pick<Needs, 'sendsTo' | 'mail' | 'push' | 'buckets'>;
};

/** Every function of the stack: the rows of infra/functions.ts (the request authorizer among them) plus the two built outside it. */
export const STACK_BUNDLES: readonly StackBundle[] = [
  ...AREAS.map((area) => ({
    entry: httpEntry(area),
    external: HTTP_AREAS[area].nativeModules ?? [],
    assets: HTTP_AREAS[area].assets ?? [],
    needs: HTTP_AREAS[area].needs ?? {},
  })),
  ...[...Object.values(WORKERS), ...Object.values(SCHEDULED_JOBS)].map((f) => ({
    entry: f.entry,
    external: f.nativeModules ?? [],
    assets: f.assets ?? [],
    needs: f.needs,
  })),
  // infra/areas/api.ts, in front of the signed-in routes
  { entry: REQUEST_AUTHORIZER.entry, external: [], assets: [], needs: {} },
  { entry: 'functions/realtime/handler.ts', external: [], assets: [], needs: {} }, // infra/areas/realtime.ts
  { entry: 'functions/reference/seed-handler.ts', external: [], assets: [], needs: {} }, // infra/areas/reference-seed.ts
];
