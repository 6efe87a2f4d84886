// The one-at-a-time requests of the HTTP benchmark, timed again from a worker thread of their
// own: a client whose heap holds nothing else, so its own garbage collection (the benchmark
// process has by then seeded PGlite in-process and run the load generators) does not count
// as the server's time.
import { parentPort, workerData } from 'node:worker_threads';

const { url, headers, warmUp, n } = workerData;
const once = async () => {
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
};
for (let i = 0; i < warmUp; i++) await once();
const samples = [];
for (let i = 0; i < n; i++) {
  const t = performance.now();
  await once();
  samples.push(performance.now() - t);
}
parentPort.postMessage(samples);
