import { AREAS } from '../../functions/routes.js';
import { HTTP_AREAS, REQUEST_AUTHORIZER, SCHEDULED_JOBS, WORKERS, httpEntry } from '../../infra/functions.js';

/** One Lambda of the stack as its bundle is built: its entry, the native modules left outside, the data files beside. */
export type StackBundle = { entry: string; external: readonly string[]; assets: readonly string[] };

/** Every function of the stack: the rows of infra/functions.ts (the request authorizer among them) plus the two built outside it. */
export const STACK_BUNDLES: readonly StackBundle[] = [
  ...AREAS.map((area) => ({
    entry: httpEntry(area),
    external: HTTP_AREAS[area].nativeModules ?? [],
    assets: HTTP_AREAS[area].assets ?? [],
  })),
  ...Object.values(WORKERS).map((w) => ({ entry: w.entry, external: w.nativeModules ?? [], assets: w.assets ?? [] })),
  ...Object.values(SCHEDULED_JOBS).map((j) => ({
    entry: j.entry,
    external: j.nativeModules ?? [],
    assets: j.assets ?? [],
  })),
  { entry: REQUEST_AUTHORIZER.entry, external: [], assets: [] }, // infra/areas/api.ts, in front of the signed-in routes
  { entry: 'functions/realtime/handler.ts', external: [], assets: [] }, // infra/areas/realtime.ts
  { entry: 'functions/reference/seed-handler.ts', external: [], assets: [] }, // infra/areas/reference-seed.ts
];
