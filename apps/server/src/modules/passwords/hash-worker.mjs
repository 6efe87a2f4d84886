// A thread that hashes and checks passwords for passwords/hashing.ts, one at a time, at a lower
// scheduling priority than the server's event loop. Plain JavaScript, so that the compiled
// server and the TypeScript sources both start it as it is.
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';

const { options, niceness } = workerData;

// Linux keeps a nice value per thread: raising this one's gives the event loop the larger
// share of a core whenever both want it, so a hash in progress delays the requests less.
// /proc/thread-self reads "<pid>/task/<tid>". Where there is no such file, the hashes run at
// the process's priority.
try {
  const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
  // Raised by `niceness` from where it starts (the server's own), never set to it: a server
  // already run at nice 5 hashes at 15, and one at 19 stays there.
  setPriority(thread, Math.min(19, getPriority(thread) + niceness));
} catch {
  // not Linux, or not allowed: hash at the process's priority
}

parentPort.on('message', ({ hash, password }) => {
  try {
    const result = hash === undefined ? hashSync(password, options) : verifySync(hash, password);
    parentPort.postMessage({ result });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
