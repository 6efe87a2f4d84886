import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Options } from '@node-rs/argon2';

/**
 * argon2id at one of the five configurations OWASP's Password Storage Cheat Sheet gives as
 * equally strong (m=46 MiB t=1, 19 MiB t=2, 12 MiB t=3, 9 MiB t=4, 7 MiB t=5, all p=1): the
 * one with the least memory, 7 MiB over 5 passes. It trades memory for passes, and a server
 * that answers lists between the sign-ins is better served by the smaller working set: a hash
 * takes less time than at 19 MiB and evicts less of the cache from under the requests beside
 * it (the timings are in docs/performance.md). Hashes made
 * at other parameters, such as the 19 MiB of earlier versions, still verify: a hash carries
 * its own. The algorithm is given by value because the binding declares it as an ambient
 * const enum, which isolated modules cannot read; 2 is Argon2id.
 */
const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 7_168, timeCost: 5, parallelism: 1 };

/**
 * At most this many hashes run at once, one on each core; the rest wait their turn. The
 * threads that run them give way to everything else (HASH_NICENESS), so the hashes take
 * mostly what the requests leave of every core rather than a core of their own.
 */
export const HASH_SLOTS = availableParallelism();
let hashing = 0;
const waiting: (() => void)[] = [];

/** Hashes running now, and waiting for a slot. */
export function hashLoad(): { running: number; waiting: number } {
  return { running: hashing, waiting: waiting.length };
}

/**
 * The hashes run in worker threads of their own (hash-worker.mjs), each at the server's
 * nice value raised by this much (Linux). At the same priority, a hash and the event loop
 * shared a contended core evenly; at +10 the scheduler gives the hash about a tenth of it.
 * libuv's pool, where the binding's async calls run, is shared with file and DNS work, and
 * its threads cannot be told apart to lower only the hashing ones.
 */
export const HASH_NICENESS = 10;
/** A worker that has had nothing to hash for this long is ended, so an idle server holds none. */
export const RETIRE_AFTER_MS = 2_000;
/** Beside this file in the sources; beside the bundle in the build, which puts it there (build.mjs). */
const WORKER_FILE = new URL('./hash-worker.mjs', import.meta.url);

type HashJob = { password: string; hash?: string };
type HashAnswer = { result: string | boolean } | { error: string };

/** One hashing thread. It does one job at a time; the slots below keep it so. */
class HashWorker {
  private readonly worker = new Worker(WORKER_FILE, {
    workerData: { options: ARGON2_OPTIONS, niceness: HASH_NICENESS },
  });
  private job: { resolve: (answer: HashAnswer) => void; reject: (error: Error) => void } | undefined;
  private retireTimer: NodeJS.Timeout | undefined;
  /** False once the thread has ended, retired or not; it is then out of `idleWorkers`. */
  alive = true;

  constructor() {
    this.worker.unref();
    this.worker.on('message', (answer: HashAnswer) => this.settle((job) => job.resolve(answer)));
    this.worker.on('error', (error) => this.die(error));
    this.worker.on('exit', (code) => this.die(new Error(`the password hashing thread exited (${code})`)));
  }

  run(job: HashJob): Promise<HashAnswer> {
    clearTimeout(this.retireTimer);
    // Held while a job runs, so that a script awaiting a hash does not exit under it.
    this.worker.ref();
    return new Promise((resolve, reject) => {
      this.job = { resolve, reject };
      this.worker.postMessage(job);
    });
  }

  /** Waits among the idle threads, and ends once it has waited RETIRE_AFTER_MS. */
  idle(): void {
    idleWorkers.push(this);
    this.retireTimer = setTimeout(() => {
      this.end();
      void this.worker.terminate();
    }, RETIRE_AFTER_MS).unref();
  }

  private settle(finish: (job: NonNullable<HashWorker['job']>) => void): void {
    const job = this.job;
    this.job = undefined;
    this.worker.unref();
    if (job) finish(job);
  }

  private die(error: Error): void {
    this.end();
    this.settle((job) => job.reject(error));
  }

  private end(): void {
    this.alive = false;
    clearTimeout(this.retireTimer);
    const at = idleWorkers.indexOf(this);
    if (at >= 0) idleWorkers.splice(at, 1);
  }
}

/** Threads waiting for a job; at most HASH_SLOTS exist, as no more jobs run at once. */
const idleWorkers: HashWorker[] = [];

/**
 * Runs `job` on a hashing thread and answers what the thread answered: the result, or the
 * error the binding threw (a stored hash it cannot read). A thread that could not start, or
 * died, rejects instead.
 */
async function onHashWorker(job: HashJob): Promise<HashAnswer> {
  if (hashing < HASH_SLOTS) hashing++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  let worker: HashWorker | undefined;
  try {
    worker = idleWorkers.pop() ?? new HashWorker();
    return await worker.run(job);
  } finally {
    if (worker?.alive) worker.idle();
    // The slot passes straight to the next in line, or is given back.
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

export async function hashPassword(password: string): Promise<string> {
  const answer = await onHashWorker({ password });
  if ('error' in answer) throw new Error(`argon2: ${answer.error}`);
  return String(answer.result);
}

/**
 * Whether `password` is the one `passwordHash` was made from. A stored hash the binding
 * cannot read answers false, so it cannot turn a sign-in into a 500; a hashing thread that
 * fails rejects, so that a broken server is not taken for a wrong password.
 */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const answer = await onHashWorker({ hash: passwordHash, password });
  return !('error' in answer) && answer.result === true;
}

/** The parameters a hash is made at, as its PHC string writes them: "m=7168,t=5,p=1". */
export function hashParameters(passwordHash: string): string | undefined {
  return /^\$argon2id\$v=\d+\$([^$]+)\$/.exec(passwordHash)?.[1];
}

const CURRENT_PARAMETERS = `m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}`;

/**
 * Whether a stored hash is made at other parameters than new hashes are. Such a hash still
 * verifies, but takes another time to check than an unknown account's, which would tell that
 * the account exists: the sign-in that proves the password replaces it (password-policy.ts).
 */
export function hashIsOutdated(passwordHash: string): boolean {
  return hashParameters(passwordHash) !== CURRENT_PARAMETERS;
}

let dummyHash: Promise<string> | undefined;
/**
 * Verifies against a throwaway hash so an unknown username costs as much time as a wrong
 * password, and response timing does not reveal which accounts exist. A failed hash is not
 * kept: the next unknown username tries again.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url')).catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  });
  await verifyPassword(await dummyHash, password);
  return false;
}

/** A strong password for the first administrator: 24 characters from 18 random bytes. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
