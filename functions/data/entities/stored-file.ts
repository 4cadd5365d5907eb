/** An uploaded file's facts (a logo, a DSP guide, a contract); the object lives in the uploads bucket. */
export const storedFile = {
  type: 'map',
  properties: {
    key: { type: 'string' },
    content_type: { type: 'string' },
    size: { type: 'number' },
    filename: { type: 'string' },
  },
} as const;
