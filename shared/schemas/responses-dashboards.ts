import { z } from 'zod';
import { count, financesResponse, money } from './responses.js';

/**
 * The dashboards' answers (declared in the OpenAPI document and checked against real answers by the response-schema
 * tests): what a company holds, its money over a date range from the finances' one computation, what is due, its
 * latest statements and releases, and a label's chart. Money is an exact decimal string throughout.
 */

/** How many of each record the company holds. */
const counts = z.looseObject({
  labels: count,
  artists: count,
  releases: count,
  recordings: count,
  songs: count,
  payees: count,
  imports: count,
  statements: count,
  statements_unpaid: count,
  payments: count,
});

/** The company's dashboard with real figures: counts, finances over the range, what is due, latest statements. */
export const userDashboardResponse = z.looseObject({
  user_dashboard: z.looseObject({
    company: z.looseObject({ id: z.string(), name: z.string() }),
    counts,
    finances: financesResponse.shape.finances,
    due: z.looseObject({
      accounts: count,
      total: money,
      by_currency: z.array(z.looseObject({ currency: z.string(), total: money })),
    }),
    latest_statements: z.array(
      z.looseObject({
        id: z.string(),
        number: z.string(),
        payee_name: z.string(),
        payable: money,
        currency: z.string(),
        paid: z.boolean(),
      }),
    ),
  }),
});

/** The dashboard's counts (an admin's adds the platform's money by company). */
export const dashboardResponse = z.looseObject({ dashboard: z.looseObject({ counts }) });

/** The company's latest releases. */
export const dashboardReleasesResponse = z.looseObject({
  releases: z.array(
    z.looseObject({
      id: z.string(),
      title: z.string().nullish(),
      upc: z.string().nullish(),
      label_id: z.string().nullish(),
      status: z.string().nullish(),
      release_date: z.string().nullish(),
    }),
  ),
});

/** A label's chart over a date range: its figures by period, store and territory, from the finances' computation. */
export const labelChartResponse = z.looseObject({
  chart: z.looseObject({
    scope: z.looseObject({ type: z.string(), id: z.string().nullable(), name: z.string() }),
    currency: z.string(),
    start_date: z.string(),
    end_date: z.string(),
    by_period: z.array(z.looseObject({ pay_period: z.string() })),
    by_store: z.array(z.looseObject({})),
    by_territory: z.array(z.looseObject({})),
  }),
});
