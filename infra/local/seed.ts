import { ulid } from 'ulid';
import { getDb } from '../../functions/data/service.js';
import { ensureLogin, setPassword } from '../../functions/auth/identity.js';
import { createLabel } from '../../functions/catalogue/labels.js';
import type { Role } from '../../shared/constants.js';

/** The demo sign-ins `npm start` prints. */
export const DEMO_USERS = {
  admin: { email: 'admin@demo.test', password: 'Admin-pass-1', name: 'Ada Admin', role: 'admin' as Role },
  labelManager: {
    email: 'manager@demo.test',
    password: 'Manager-pass-1',
    name: 'Max Manager',
    role: 'label_manager' as Role,
  },
};

export const DEMO_COMPANIES = [
  {
    key: 'distributed',
    name: 'Northern Lights Records',
    tags: [] as string[],
    distributed: true,
    label: 'Aurora Sound',
  },
  {
    key: 'publisher',
    name: 'Harbour Songs Publishing',
    tags: ['Publisher'],
    distributed: false,
    label: 'Harbour Sessions',
  },
];

/**
 * Seeds the demo once: an admin, a label manager who belongs to two companies (one
 * distributed, one tagged Publisher) and a label in each. Running it again changes nothing.
 */
export async function seedDemo(): Promise<void> {
  const db = getDb();
  const marker = await db.entities.UniqueValue.get({ scope: 'seed', value: 'demo-v1' }).go();
  if (marker.data) return;

  const userIds: Record<string, string> = {};
  for (const [key, demo] of Object.entries(DEMO_USERS)) {
    const existing = await db.entities.UniqueValue.get({ scope: 'email', value: demo.email }).go();
    const userId = existing.data?.ownerId ?? ulid();
    if (!existing.data) {
      await db.entities.User.create({
        userId,
        email: demo.email,
        name: demo.name,
        role: demo.role,
        confirmed: true,
      }).go();
      await db.entities.UniqueValue.create({ scope: 'email', value: demo.email, ownerId: userId }).go();
    }
    const { sub } = await ensureLogin(demo.email);
    await setPassword(demo.email, demo.password);
    await db.entities.UserLogin.put({ sub, userId }).go();
    userIds[key] = userId;
  }

  for (const company of DEMO_COMPANIES) {
    const companyId = ulid();
    await db.entities.Company.create({
      companyId,
      name: company.name,
      tags: company.tags,
      distributed: company.distributed,
    }).go();
    await db.entities.CompanyUser.create({ userId: userIds.labelManager, companyId, role: 'label_manager' }).go();
    await createLabel(companyId, { name: company.label, active: true, distributed: company.distributed });
  }
  await db.entities.UniqueValue.create({ scope: 'seed', value: 'demo-v1', ownerId: 'seed' }).go();
}
