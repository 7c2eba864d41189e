// A throw-away primary, migrated, and a streaming replica of it, both started: what the read
// replica tests run against. A start that fails half-way removes what it had started.
import { openPostgres } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrate.ts';
import { OwnPostgres } from './own-postgres.ts';

export async function startPrimaryWithReplica(
  bin: string,
): Promise<{ primary: OwnPostgres; replica: OwnPostgres }> {
  const primary = await OwnPostgres.create(bin);
  let replica: OwnPostgres | undefined;
  try {
    await primary.start();
    const setup = openPostgres(primary.url, 2, { statementTimeoutMs: 0 });
    await migrate(setup);
    await setup.close();
    replica = await OwnPostgres.replicaOf(primary);
    await replica.start();
    return { primary, replica };
  } catch (error) {
    await replica?.destroy();
    await primary.destroy();
    throw error;
  }
}
