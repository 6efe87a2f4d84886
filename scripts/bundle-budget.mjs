#!/usr/bin/env node
// The size budget of the console's JavaScript (issue 11), checked by `npm test` after the
// build: the scripts the login page loads, and what signing in and opening a list screen
// load on top, gzipped at level 9 as `npm run bench` measures them in Chromium. A change
// that goes over the budget fails here rather than silently doubling what users download.
// Each budget is what the console needs today plus a small margin; when a change really
// needs more, raise the figure in the same commit and say why.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { filesLoadedBy, JOURNEYS } from '../apps/web/build/journeys.mjs';

const KiB = 1024;
// The history: 348.9 KiB for the login page and 227.1 more to the data access list before
// issue 11's work; 287.4 and 209.0 on 2026-11-25; 268.5 and 148.1 on the morning of
// 2026-11-26, after the fetch client and the kit's own table and placeholders. The same day,
// each journey's modules were packed into one file (build/chunk-plan.ts), and the way in left
// out what it does not show: antd's Form, Card, Alert, Pagination, Avatar, <App>, the Input and
// Dropdown objects, the form engine and the unique-tooltip provider antd's ConfigProvider
// brought (build/antd-narrowing.ts), and the record forms until a dialog opens (lazyForm):
// 198.4 and 117.6. The budgets are now the targets, 200 and 120 KiB.
// What is left on the login page: react-dom and the router (94 KiB), antd's style engine,
// theme and ConfigProvider (about 30), Input and Button, i18next (19), react-query (9). On the
// way to a list: antd's Select (20 KiB, the application picker, the search's field choice and
// the page size), the shell's Menu and Tabs (25), Dropdown, the toasts (8) and the
// navigation's icons (13).
// The kit's table moved onto TanStack Table (@tanstack/react-table 8.21.3, headless), for
// sorting, row selection, column visibility and resizing. Measured on the list journey
// (2026-11-27): 118.0 KiB before; 130.3 with TanStack Table 8 alone, 132.5 with TanStack Table 9
// (its store included), 191.3 with antd's Table instead. The list budget rises by the 12.3 KiB
// TanStack Table 8 needs, and by 1.7 more that the kit's own sort headers, selection, columns
// menu, resize handles and the user's table preferences take beyond the old margin (the bulk
// bar and antd's Modal for its questions load only once a row is selected): 133.5 KiB measured.
// On the routes' restructuring, 134.0 KiB; every list's bulk actions, the kit reading them from
// the contract (LIST_BULK_ACTIONS, beside LIST_SORTS) and offering each only with the row
// action's element code, take 0.5 more: 134.5 KiB measured, the budget 135.
// Every list row's History (issue 28: the row's audit records, for a role that may read the
// audit log) takes 0.7 KiB more on the way to a list: the menu item, the check of the Audit
// Log's permission and the drawer's lazy loading with its error boundary, the drawer, the diff
// and their texts loading on first use: 135.1 KiB measured, the budget 136.
// The sign-in page carries the route table, and with it each screen's lazy import and the list
// of files it loads. The Audit Log's route, and the chunks the bundler now cuts out for what
// its drawers share with other screens (antd's Drawer with the webhooks' delivery log), take
// 0.3 KiB of it, though the screen loads its record drawer and its export on first use:
// 200.09 KiB measured (199.89 before), the login page's budget 200.5.
// The same day the webhooks, the export action's labels and configuration transfer added
// their messages to the English catalogue, which the login page carries whole (every key of
// every area, about 0.6 KiB of it new): 200.9 KiB measured, the budget 201. The next step is to
// split the catalogue, so that the way in carries only the sign-in's own texts.
// Federation (issue 30): the contract's federation messages in that catalogue took main to 201.4
// KiB (9768e65, over the budget before any screen used them); the Provider screen's route in the
// table, and the sign-in page's hook for the identity providers (a lazily loaded part that draws
// their buttons and exchanges the way back from one, its code and texts loading after the page),
// 0.6 more: 202.0 KiB measured, the budget 202.2. Splitting the catalogue is still the next step.
// Passkeys (issue 31): the sign-in page's passkey button, its texts, its calls and
// @simplewebauthn/browser load after the page has drawn (the browser library only once the
// button is clicked); imported with the page they took it to 203.4 KiB. What stays is the
// two lazy imports (/login's and /oauth's) and the six passkey messages in the English
// catalogue, and the limit of sign-in starts: 202.26 KiB measured against main's 202.03
// (+234 bytes), the budget 202.4.
// Roles that require two-factor sign-in and the password policy as settings (issue 31): the
// set-up page's route in the table, the client's redirect on its 403, and their messages in
// the catalogue (the settings' field messages among them), 0.4 more: 202.4 KiB measured, the
// budget 202.5.
// Main then measured 202.5 and 136.3 KiB (2026-11-27, both over). The contract's English
// catalogue was split (packages/contract/src/i18n/en-all.ts): the way in keeps its own part
// (en.ts: sign-in, password change and reset, /oauth, the HTTP statuses, the field rules),
// 198.95 KiB measured; the server's pages and mail stay on the server. The rest loaded with the
// console took the list journey to 139.7; the identity providers', webhooks', transfer's,
// machine access's and Audit Log's parts loading with their screens, 138.3; the lock screen's
// code loading when the console locks, 137.3; the identities' part with their screens, 136.8;
// the Client screen's own texts (its form, secrets and service account, which had grown the
// app configuration's shared texts and with them every list) with that screen: 135.03 KiB
// measured. On main with the two-factor requirement and the password policy (its rules' texts
// in the kit's, which the list shares with the password pages), 199.30 and 135.46 KiB
// measured: the budgets 199.6 and 135.8.
const BUDGETS = { 'login page': 199.6 * KiB, 'a list screen after sign-in': 135.8 * KiB };

// `node scripts/bundle-budget.mjs [dist]`, apps/web/dist by default.
const dist = process.argv[2] ?? new URL('../apps/web/dist/', import.meta.url).pathname;
// Written by the build (apps/web/vite.config.ts, bundleGraph).
const graphFile = join(dist, '.vite/bundle-graph.json');
if (!existsSync(graphFile)) {
  console.error(`${graphFile} is missing: build the console first (npm run build).`);
  process.exit(1);
}
const graph = JSON.parse(readFileSync(graphFile, 'utf8'));
const { chunks } = graph;

const sizes = new Map();
function gzipped(file) {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return sizes.get(file);
}
const kib = (bytes) => `${(bytes / KiB).toFixed(1)} KiB`;

const measured = new Map();
let over = 0;
for (const { name, sources, beyond, without = [] } of JOURNEYS) {
  const budget = BUDGETS[name];
  if (budget === undefined) throw new Error(`The journey "${name}" has no budget: add it to BUDGETS.`);
  const already = beyond ? measured.get(beyond) : new Set();
  const files = [...filesLoadedBy(graph, sources)].filter((f) => !already.has(f));
  for (const f of files)
    for (const source of chunks[f].sources)
      if (without.some((prefix) => source.startsWith(prefix))) {
        console.log(`OVER ${name}: loads ${source} (in ${f}), which it must not`);
        over++;
      }
  measured.set(name, new Set([...already, ...files]));
  const total = files.reduce((n, f) => n + gzipped(f), 0);
  const ok = total <= budget;
  if (!ok) over++;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${name}: ${kib(total)} gzipped in ${files.length} files (budget ${kib(budget)})`,
  );
  const largest = files.sort((a, b) => gzipped(b) - gzipped(a)).slice(0, ok ? 3 : 10);
  for (const f of largest) console.log(`       ${kib(gzipped(f)).padStart(10)}  ${f}`);
}
process.exit(over > 0 ? 1 : 0);
