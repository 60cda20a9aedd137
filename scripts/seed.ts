// npm run seed — adds the fictional demo companies that are missing (never touches other data).

import { configOrExit, databaseOrExit, migrateOrExit } from './cli';
import { seedDemoCompanies } from './seed/seed-demo';

const config = configOrExit();
const db = await databaseOrExit(config);
await migrateOrExit(db);
const added = await seedDemoCompanies(db);
console.log(
  added.length ? `Added demo companies: ${added.join(', ')}` : 'Every demo company is already there',
);
await db.destroy();
