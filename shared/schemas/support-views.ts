/** What the support area answers: the admin's bug-report and access-token pages read these rows. */

/** A row of GET /admin/bug_reports (a report starts as "reported"); a report sent without a page has referer "". */
export type BugReport = {
  id: string;
  user_id: string;
  user_name: string;
  user_email: string;
  description: string;
  referer: string;
  status: string;
  created_at: string;
};

/** An access token as the admin API answers it; `token` is masked except in the create answer. */
export type AccessToken = {
  id: string;
  user_id: string;
  service: string;
  token: string;
  expires_at: string | null;
  expired: boolean;
  created_at: string;
};
