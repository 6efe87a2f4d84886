// The two journeys whose scripts the console counts: the login page, then signing in and
// opening a list screen. The size budget (scripts/bundle-budget.mjs) measures them, and the
// build (build/chunk-plan.ts) packs what each loads into one file. Plain JavaScript, so that
// the budget script reads it without a build step.

export const JOURNEYS = [
  {
    name: 'login page',
    // The file the build packs this journey's modules into.
    chunk: 'public',
    // index.html's entry, then the routes /login renders: the public layout and the form.
    sources: ['index.html', 'src/app/layouts/public-layout.tsx', 'src/features/auth/login-page.tsx'],
    // The console's lock and tabs (issue 9) are for signed-in users only.
    without: ['src/app/lock/', 'src/app/tabs/'],
  },
  {
    name: 'a list screen after sign-in',
    chunk: 'console',
    // Sign in, land on the dashboard, open the data access list; beyond the login page.
    beyond: 'login page',
    sources: [
      'src/app/layouts/console-layout.tsx',
      'src/features/dashboard/home-page.tsx',
      'src/app/screen-gate.tsx',
      'src/features/app-config/data-access/data-access-page.tsx',
    ],
    // Each list screen keeps a file of its own; what they share is packed.
    apart: ['src/features/app-config/data-access/data-access-page.tsx'],
    // The other pages before sign-in (OAuth's above all, which relying parties send their users
    // to) would load the whole console file for the few modules they share with it: those
    // modules stay out of it.
    sharedWith: [
      'src/features/auth/oauth-page.tsx',
      'src/features/auth/forget-page.tsx',
      'src/features/auth/password-page.tsx',
      'src/features/auth/overdue-page.tsx',
      'src/features/auth/auth-page.tsx',
    ],
  },
];

/**
 * The files a browser loads for a journey's sources: the chunks that hold them and every chunk
 * those import. `graph` is `{ entry, chunks: { [file]: { imports, sources } } }`, where `sources`
 * are the console's own modules, relative to apps/web, and `index.html` stands for the entry.
 */
export function filesLoadedBy(graph, sources) {
  const files = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of graph.chunks[file].imports) visit(imported);
  };
  for (const source of sources) visit(chunkHolding(graph, source));
  return files;
}

function chunkHolding(graph, source) {
  if (source === 'index.html') return graph.entry;
  const file = Object.keys(graph.chunks).find((f) => graph.chunks[f].sources.includes(source));
  if (!file) throw new Error(`No chunk holds ${source}: update the journeys' sources.`);
  return file;
}
