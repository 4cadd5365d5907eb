import { HTTP_AREAS, WORKERS } from '../functions.js';
import { ENV } from '../resources.js';

/**
 * The memory of the largest function: the DuckDB budget of `npm start`'s one process, which hosts every function (in
 * AWS each function's budget is its own memory, product-function.ts). With the API's 1,024 MB the import's worker
 * ran out of memory preparing the royalties list's files of a 10,000,000-line report, which its 3,008 MB Lambda does
 * not. It is a limit, not a reservation: DuckDB takes it only for work that needs it. The tests' cloud keeps the
 * default.
 */
export function largestFunctionMemoryMb(): number {
  return Math.max(...[...Object.values(HTTP_AREAS), ...Object.values(WORKERS)].map((f) => f.memorySize ?? 0));
}

/**
 * Gives this process's DuckDB `memoryMb` (it reads the budget once, so before the first query) unless the
 * environment already names a budget.
 */
export function budgetLedger(memoryMb: number, env: NodeJS.ProcessEnv = process.env): void {
  env[ENV.ledgerMemoryMb] ??= String(memoryMb);
}
