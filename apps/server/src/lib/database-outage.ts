import type { FastifyBaseLogger } from 'fastify';

/** What a client is told to wait (Retry-After) while the database is away, and how often it is asked again. */
export const DATABASE_RETRY_SECONDS = 5;

/**
 * The database's availability as requests find it, logged once per change rather than once
 * per request: the first request that cannot reach it logs one line, then a probe asks the
 * database again every few seconds and logs one line when it answers.
 */
export class DatabaseOutage {
  private down = false;
  private stopped = false;
  private probe: NodeJS.Timeout | undefined;

  constructor(
    private readonly log: FastifyBaseLogger,
    /** Resolves when the database answers a query. */
    private readonly answers: () => Promise<unknown>,
    private readonly probeEveryMs = DATABASE_RETRY_SECONDS * 1000,
  ) {}

  get isDown(): boolean {
    return this.down;
  }

  /** A request could not reach the database; `code` is the driver's (ECONNREFUSED, 57P01…). */
  noticed(code: string | undefined): void {
    if (this.down || this.stopped) return;
    this.down = true;
    this.log.error({ code }, 'The database is unavailable; requests answer 503 until it is back');
    this.scheduleProbe();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.probe);
  }

  private scheduleProbe(): void {
    this.probe = setTimeout(() => void this.check(), this.probeEveryMs);
    this.probe.unref();
  }

  private async check(): Promise<void> {
    try {
      await this.answers();
    } catch {
      if (!this.stopped) this.scheduleProbe();
      return;
    }
    if (this.stopped) return;
    this.down = false;
    this.log.info('The database is available again');
  }
}
