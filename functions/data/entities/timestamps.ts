/** createdAt once, updatedAt on every write: the attributes most entities carry. */
export const timestamps = {
  createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
  updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
} as const;
