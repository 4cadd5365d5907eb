import { seedReferenceData } from './seed.js';

/**
 * Seeds the reference collections in AWS: a CDK trigger runs it after each deploy that changes
 * it. Idempotent (a marker per collection), so a collection added later is seeded on the next
 * deploy and existing data is never overwritten.
 */
export const handler = async () => {
  await seedReferenceData();
  return { seeded: true };
};
