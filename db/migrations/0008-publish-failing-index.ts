// Intentionally empty. 0008 once created `publish_state_failing_idx`, a second index of the failing
// publishes that 0006's `publish_state_failed_idx` already covers, and was then deleted. Kysely refuses
// to migrate a database whose applied migrations are missing from the list, so every database that
// applied the old 0008 would no longer start: the name stays, with nothing to do. Such a database keeps
// its redundant index (harmless; it goes with the table when 0006 is reverted). Never delete or rename
// a migration that has shipped: db/migrate.test.ts holds the list of every name ever released.
export async function up(): Promise<void> {}

export async function down(): Promise<void> {}
