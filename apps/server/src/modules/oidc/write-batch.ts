/**
 * Writes that many concurrent requests make, gathered into few statements: while a batch is
 * being written, the writes that arrive wait and go together in the next one. Each caller's
 * promise settles when the statement holding its write has committed (or failed), so a
 * caller goes on only once its row is stored, as with a statement of its own; under load the
 * database commits once per batch instead of once per write.
 */
export class WriteBatch<T> {
  private waiting: { row: T; done: () => void; failed: (err: unknown) => void }[] = [];
  private inFlight = 0;

  constructor(
    private readonly write: (rows: T[]) => Promise<void>,
    /** Statements under way at once, at most; the writes beyond wait for one of them to end. */
    private readonly parallel = 1,
    /** Rows per statement, at most (a statement takes at most 65,535 parameters). */
    private readonly maxRows = 500,
  ) {}

  add(row: T): Promise<void> {
    return new Promise((done, failed) => {
      this.waiting.push({ row, done, failed });
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < this.parallel && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxRows);
      this.inFlight++;
      this.write(batch.map((w) => w.row))
        .then(
          () => {
            for (const w of batch) w.done();
          },
          (err: unknown) => {
            for (const w of batch) w.failed(err);
          },
        )
        .finally(() => {
          this.inFlight--;
          this.flush();
        });
    }
  }
}
