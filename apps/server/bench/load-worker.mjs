// The load generator of the OpenID Provider benchmark, in a worker thread of its own, so the
// requests are made on another core than the server's event loop, as a separate client would.
import { parentPort, workerData } from 'node:worker_threads';

const { requests, concurrency } = workerData;
const bodies = new Array(requests.length);
let next = 0;
let failure;
const start = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    for (let i = next++; i < requests.length && !failure; i = next++) {
      const { url, headers, body } = requests[i];
      const res = await fetch(url, { method: 'POST', headers, body });
      const text = await res.text();
      if (res.status !== 200) failure = `${url}: ${res.status} ${text}`;
      bodies[i] = text;
    }
  }),
);
const seconds = (performance.now() - start) / 1000;
parentPort.postMessage({ seconds, bodies, failure });
