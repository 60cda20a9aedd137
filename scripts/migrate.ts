// npm run migrate            applies every pending migration
// npm run migrate -- --down  reverts the newest one
import { MigrationError, migrateDown } from '../db';
import { configOrExit, databaseOrExit, describeDatabase, fail, migrateOrExit } from './cli';

const config = configOrExit();
const db = await databaseOrExit(config);
const where = describeDatabase(config.database);

if (process.argv.includes('--down')) {
  try {
    const reverted = await migrateDown(db);
    console.log(
      reverted.length ? `Reverted ${reverted.join(', ')} on ${where}` : `Nothing to revert on ${where}`,
    );
  } catch (error) {
    await db.destroy();
    fail(error instanceof MigrationError ? error.message : String(error));
  }
} else {
  const applied = await migrateOrExit(db);
  console.log(applied.length ? `Applied ${applied.join(', ')} on ${where}` : `${where} is up to date`);
}
await db.destroy();
