/**
 * Password sign-ins (argon2id at OWASP's parameters) over HTTP, alone and while the data
 * access list is under load (issue 11): how many sign-ins a second the two cores give, and
 * what they do to the list's p99, both at the target's steady rate and as fast as they go.
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { type OpenLoopResult, openLoop } from './open-loop.ts';
import { int, ms, type Report, ratio } from './report.ts';

/** Sign-ins in flight at once: enough to keep both cores hashing. */
const SIGN_IN_CONNECTIONS = 8;
const LIST_CONNECTIONS = 50;
/** The target: this many sign-ins a second, with the list's p99 within 2× meanwhile. */
const STEADY_RATE = 60;

type Load = { rps: number; p50: number; p99: number; failed: number; completed: number };

function run(options: autocannon.Options): Promise<Load> {
  return new Promise((resolve, reject) => {
    autocannon(options, (err, result) => {
      if (err) return reject(err);
      resolve({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        failed: result.non2xx + result.errors + result.timeouts,
        completed: result.requests.total,
      });
    });
  });
}

/**
 * `send` started every 1/`rate` s for `seconds`, whether or not the earlier ones have been
 * answered, as independent users arrive: autocannon's own rate sends each connection's
 * share at the start of every second, a burst, and cannot send while a connection waits.
 * Each latency runs from when its request was due, so a sender held up by the load beside
 * it does not hide the wait; the rate is the answers that arrived within the `seconds`, so
 * a server that falls behind shows fewer than offered. `lag` is how late the sender was at
 * worst.
 */
async function atSteadyRate(
  rate: number,
  seconds: number,
  send: () => Promise<boolean>,
): Promise<Load & { lag: number }> {
  const latencies: number[] = [];
  let failed = 0;
  let inWindow = 0;
  let lag = 0;
  let firstError: unknown;
  const answers: Promise<void>[] = [];
  const start = performance.now();
  const end = start + seconds * 1000;
  for (let n = 0; n < rate * seconds; n++) {
    const due = start + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    lag = Math.max(lag, performance.now() - due);
    answers.push(
      Promise.resolve()
        .then(send)
        .then(
          (ok) => {
            const now = performance.now();
            if (!ok) failed++;
            else {
              latencies.push(now - due);
              if (now <= end) inWindow++;
            }
          },
          (err: unknown) => {
            failed++;
            firstError ??= err;
          },
        ),
    );
  }
  await Promise.all(answers);
  if (firstError) console.log(`  sign-ins at ${rate}/s: the first failure: ${String(firstError)}`);
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    rps: inWindow / seconds,
    p50: at(0.5),
    p99: at(0.99),
    failed,
    completed: latencies.length,
    lag,
  };
}

/** The list at 1/`part` of what it made alone, without and with the steady sign-ins. */
type Share = { part: number; rate: number; alone: OpenLoopResult; signing: Load; listing: OpenLoopResult };

export type SignInTarget = {
  origin: string;
  /** The list request, with its headers. */
  listUrl: string;
  listHeaders: Record<string, string>;
  username: string;
  password: string;
};

/**
 * Sign-ins alone, the list alone, then both at once: sign-ins offered at a steady
 * `STEADY_RATE` a second, then as fast as they go; then the list at a steady quarter and half
 * of what it made alone, without and with the steady sign-ins; `seconds` each after a short
 * warm-up.
 * Returns what writes the figures to the report, for the caller to place.
 */
export async function measureSignIns(
  target: SignInTarget,
  seconds: number,
): Promise<(report: Report) => void> {
  const body = JSON.stringify({ username: target.username, password: target.password });
  const signIns = (duration: number) =>
    run({
      url: `${target.origin}/api/oauth2-server/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      connections: SIGN_IN_CONNECTIONS,
      duration,
    });
  const signInOnce = async () => {
    const res = await fetch(`${target.origin}/api/oauth2-server/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      // As autocannon's: an answer later than this counts as a failure.
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return res.ok;
  };
  const list = (duration: number) =>
    run({ url: target.listUrl, headers: target.listHeaders, connections: LIST_CONNECTIONS, duration });

  await signIns(3);
  const alone = await signIns(seconds);
  console.log(`  sign-ins alone: ${int(alone.rps)}/s, p99 ${ms(alone.p99)}`);
  await list(3);
  const listAlone = await list(seconds);
  console.log(`  list alone: ${int(listAlone.rps)} req/s, p99 ${ms(listAlone.p99)}`);
  const [steady, listSteady] = await Promise.all([
    atSteadyRate(STEADY_RATE, seconds, signInOnce),
    list(seconds),
  ]);
  console.log(
    `  sign-ins at ${STEADY_RATE}/s: ${steady.rps.toFixed(1)}/s done, the sender at most ${ms(steady.lag)} late; ` +
      `list ${int(listSteady.rps)} req/s, p99 ${ms(listSteady.p99)}`,
  );
  const [together, listTogether] = await Promise.all([signIns(seconds), list(seconds)]);
  console.log(
    `  together: ${int(together.rps)} sign-ins/s; list ${int(listTogether.rps)} req/s, p99 ${ms(listTogether.p99)}`,
  );
  // The list at a steady share of what it made alone, a quarter and then a half: a busy
  // console that leaves the cores some room, as a server in use does, rather than one loaded
  // to its limit; without and with the steady sign-ins.
  const shares: Share[] = [];
  for (const part of [4, 2]) {
    const rate = Math.round(listAlone.rps / part);
    const listAt = () =>
      openLoop({
        url: target.listUrl,
        headers: target.listHeaders,
        rate,
        seconds,
        connections: LIST_CONNECTIONS,
      });
    const listShareAlone = await listAt();
    const [signing, listing] = await Promise.all([atSteadyRate(STEADY_RATE, seconds, signInOnce), listAt()]);
    console.log(
      `  the list at ${int(rate)}/s: p99 ${ms(listShareAlone.p99)} alone; beside sign-ins at ${STEADY_RATE}/s ` +
        `(${signing.rps.toFixed(1)}/s done) ${int(listing.rps)}/s done, p99 ${ms(listing.p99)}`,
    );
    shares.push({ part, rate, alone: listShareAlone, signing, listing });
  }

  const beside = (label: string, signing: Load, listing: Load) => [
    label,
    int(signing.rps),
    ms(signing.p99),
    int(listing.rps),
    ms(listing.p50),
    ms(listing.p99),
    int(signing.failed + listing.failed),
  ];
  return (report) => {
    report.heading('Password sign-ins (argon2id, m = 19 MiB, t = 2, p = 1)', 3);
    report.line(
      `Gatehouse on PostgreSQL as \`npm start\` runs it. Sign-ins: \`POST /api/oauth2-server/login\` with the right ` +
        `password, one sent every 1/${STEADY_RATE} s whatever the answers (\`fetch\`), then at ${SIGN_IN_CONNECTIONS} ` +
        `connections as fast as they go (autocannon); the list: page 0 of the data access list at ${LIST_CONNECTIONS} ` +
        'connections, as fast as it goes (autocannon) and then at a steady quarter and half of that (bench/open-loop.ts); ' +
        `${seconds} s each, alone and then both at once, the load generators on the same cores.`,
    );
    report.table(
      ['load', 'sign-ins/s', 'sign-in p99', 'list req/s', 'list p50', 'list p99', 'failed'],
      [
        ['sign-ins alone', int(alone.rps), ms(alone.p99), '—', '—', '—', int(alone.failed)],
        [
          'list alone',
          '—',
          '—',
          int(listAlone.rps),
          ms(listAlone.p50),
          ms(listAlone.p99),
          int(listAlone.failed),
        ],
        beside(`sign-ins at ${STEADY_RATE}/s beside the list at its limit`, steady, listSteady),
        beside('both as fast as they go', together, listTogether),
        ...shares.flatMap(({ rate, alone: listShareAlone, signing, listing }) => [
          [
            `the list at a steady ${int(rate)}/s, alone`,
            '—',
            '—',
            int(listShareAlone.rps),
            ms(listShareAlone.p50),
            ms(listShareAlone.p99),
            int(listShareAlone.failed),
          ],
          beside(`sign-ins at ${STEADY_RATE}/s beside the list at ${int(rate)}/s`, signing, listing),
        ]),
      ],
    );
    report.line(
      `Sign-ins offered at ${STEADY_RATE}/s beside the list at its limit: ${steady.rps.toFixed(1)}/s answered within the ` +
        `${seconds} s (${int(steady.completed)} of ${int(STEADY_RATE * seconds)} in all, latency from when each ` +
        `was due, the sender at most ${ms(steady.lag)} late), the list's p99 ` +
        `${ratio(listSteady.p99, listAlone.p99)}× its p99 alone (target: ≥ ${STEADY_RATE}/s, ≤ 2×). As fast as ` +
        `they go: ${int(alone.rps)}/s alone, ${int(together.rps)}/s beside the list at its limit, whose p99 was then ` +
        `${ratio(listTogether.p99, listAlone.p99)}× its p99 alone.`,
    );
    report.line(
      `With the list at a steady share of what it made alone (open loop over ${LIST_CONNECTIONS} connections, ` +
        'each latency from when its request was due): ' +
        shares
          .map(
            ({ part, rate, alone: listShareAlone, signing, listing }) =>
              `at 1/${part} (${int(rate)}/s), sign-ins at ${STEADY_RATE}/s ${signing.rps.toFixed(1)}/s answered and the ` +
              `list's p99 ${ratio(listing.p99, listShareAlone.p99)}× its p99 alone at that rate`,
          )
          .join('; ') +
        '.',
    );
  };
}
