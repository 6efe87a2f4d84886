/**
 * Password sign-ins (argon2id at OWASP's parameters) over HTTP, alone and while the data
 * access list is under load (issue 11): how many sign-ins a second the two cores give, and
 * what they do to the list's p99, both at the target's steady rate and as fast as they go.
 */
import { atSteadyRate, closedLoop, keepAliveRequests, type Load } from './load.ts';
import { int, ms, type Report, ratio } from './report.ts';

/** Sign-ins in flight at once: enough to keep both cores hashing. */
const SIGN_IN_CONNECTIONS = 8;
const LIST_CONNECTIONS = 50;
/** The target: this many sign-ins a second, with the list's p99 within 2× meanwhile. */
const STEADY_RATE = 60;

/** The list at 1/`part` of what it made alone, without and with the steady sign-ins. */
type Share = { part: number; rate: number; alone: Load; signing: Load; listing: Load };

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
    closedLoop({
      url: `${target.origin}/api/oauth2-server/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      connections: SIGN_IN_CONNECTIONS,
      duration,
    });
  // The steady sign-ins' sender: a socket per sign-in in flight, opened as needed, as
  // independent users send them; none waits behind another in the sender.
  const steadySignIns = () =>
    keepAliveRequests({
      url: `${target.origin}/api/oauth2-server/login`,
      method: 'POST',
      headers: {},
      body,
      connections: SIGN_IN_CONNECTIONS,
      moreWhenBusy: true,
    });
  /** Sign-ins at `STEADY_RATE` a second for `seconds`, on sockets of their own. */
  const steadyRate = async () => {
    const sender = await steadySignIns();
    try {
      return await atSteadyRate(STEADY_RATE, seconds, sender.send);
    } finally {
      sender.close();
    }
  };
  const list = (duration: number) =>
    closedLoop({ url: target.listUrl, headers: target.listHeaders, connections: LIST_CONNECTIONS, duration });

  await signIns(3);
  const alone = await signIns(seconds);
  console.log(`  sign-ins alone: ${int(alone.rps)}/s, p99 ${ms(alone.p99)}`);
  await list(3);
  const listAlone = await list(seconds);
  console.log(`  list alone: ${int(listAlone.rps)} req/s, p99 ${ms(listAlone.p99)}`);
  const [steady, listSteady] = await Promise.all([steadyRate(), list(seconds)]);
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
    const gets = await keepAliveRequests({
      url: target.listUrl,
      headers: target.listHeaders,
      connections: LIST_CONNECTIONS,
    });
    try {
      const listAt = () => atSteadyRate(rate, seconds, gets.send);
      const listShareAlone = await listAt();
      const [signing, listing] = await Promise.all([steadyRate(), listAt()]);
      console.log(
        `  the list at ${int(rate)}/s: p99 ${ms(listShareAlone.p99)} alone; beside sign-ins at ${STEADY_RATE}/s ` +
          `(${signing.rps.toFixed(1)}/s done) ${int(listing.rps)}/s done, p99 ${ms(listing.p99)}`,
      );
      shares.push({ part, rate, alone: listShareAlone, signing, listing });
    } finally {
      gets.close();
    }
  }

  /** A row of the table: the sign-ins' figures, the list's, or both side by side. */
  const row = (label: string, signing?: Load, listing?: Load) => [
    label,
    ...(signing ? [int(signing.rps), ms(signing.p99)] : ['—', '—']),
    ...(listing ? [int(listing.rps), ms(listing.p50), ms(listing.p99)] : ['—', '—', '—']),
    int((signing?.failed ?? 0) + (listing?.failed ?? 0)),
  ];
  return (report) => {
    report.heading('Password sign-ins (argon2id, m = 7 MiB, t = 5, p = 1)', 3);
    report.line(
      `Gatehouse on PostgreSQL as \`npm start\` runs it. Sign-ins: \`POST /api/oauth2-server/login\` with the right ` +
        `password, one sent every 1/${STEADY_RATE} s whatever the answers (each on a keep-alive connection with ` +
        `nothing else in flight, opened when none is free: bench/load.ts), then at ${SIGN_IN_CONNECTIONS} ` +
        `connections as fast as they go (autocannon); the list: page 0 of the data access list at ${LIST_CONNECTIONS} ` +
        'connections, as fast as it goes (autocannon) and then at a steady quarter and half of that (bench/load.ts); ' +
        `${seconds} s each, alone and then both at once, the load generators on the same cores.`,
    );
    report.table(
      ['load', 'sign-ins/s', 'sign-in p99', 'list req/s', 'list p50', 'list p99', 'failed'],
      [
        row('sign-ins alone', alone),
        row('list alone', undefined, listAlone),
        row(`sign-ins at ${STEADY_RATE}/s beside the list at its limit`, steady, listSteady),
        row('both as fast as they go', together, listTogether),
        ...shares.flatMap(({ rate, alone: listShareAlone, signing, listing }) => [
          row(`the list at a steady ${int(rate)}/s, alone`, undefined, listShareAlone),
          row(`sign-ins at ${STEADY_RATE}/s beside the list at ${int(rate)}/s`, signing, listing),
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
