/** A row of GET /imports (user_id, filename, filesize, records, type), with its owner's name and email. */
export type ImportRow = {
  id: string;
  user_id: string;
  user_name: string;
  user_email: string;
  filename: string;
  filesize: number;
  records: number;
  type: string;
  created_at: string;
};
