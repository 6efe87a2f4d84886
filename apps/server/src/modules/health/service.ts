import type { Database } from '../../db/client.ts';
import * as repo from './repository.ts';

export class HealthService {
  constructor(private readonly db: Database) {}

  /** Resolves when the database answers a query; rejects with the driver's error otherwise. */
  databaseAnswers(): Promise<void> {
    return repo.ping(this.db);
  }
}
