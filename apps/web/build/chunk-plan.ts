import { relative } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { type BundleGraph, filesLoadedBy, JOURNEYS, type Journey } from './journeys.mjs';

/**
 * Left to itself, the bundler cuts the console's scripts along every set of lazy imports that
 * shares a module: the login page came in 57 files, and opening a list after signing in 40
 * more. Each file is compressed alone, so what files repeat to each other (antd's components
 * are alike) is paid again in each, and each is a request.
 *
 * The plan packs what each journey of `journeys.mjs` loads into one file of its own: `public`
 * for the login page, `console` for what signing in and opening a list add. It is read from a
 * first build, cut the bundler's own way, and handed to the real build as chunk groups. A
 * module stays where the bundler put it if no journey loads it, if another group already holds
 * it (the framework's `react` chunk), or if it belongs to a journey's `apart` screen. What a
 * page the journey names as `sharedWith` loads too goes into a file of its own beside the
 * journey's (`console-shared`), so that page does not load the whole of the journey's file.
 *
 * A group's modules run when its file loads, not each when first imported. What the groups hold
 * runs nothing at load that depends on the order (antd's components, the console's own modules,
 * a CSS file), and the browser tests cover both journeys; a module that must run at its import
 * would keep to a chunk of its own through `keep`.
 */
export type ChunkPlan = Map<string, string>;

/** What the plan reads of a built chunk. */
export type PlannedChunk = Pick<Rolldown.OutputChunk, 'fileName' | 'imports' | 'isEntry' | 'moduleIds'>;

/** The first build as the journeys read it: files, their imports, and the console's own sources. */
export function graphOf(chunks: PlannedChunk[], root: string): BundleGraph {
  const graph: BundleGraph = { entry: '', chunks: {} };
  for (const chunk of chunks) {
    if (chunk.isEntry) graph.entry = chunk.fileName;
    graph.chunks[chunk.fileName] = {
      imports: chunk.imports,
      sources: chunk.moduleIds
        .filter((id) => id.startsWith(root) && !id.includes('/node_modules/'))
        .map((id) => relative(root, id).split('\\').join('/')),
    };
  }
  return graph;
}

/**
 * Which group each module joins. `keep` names the modules that stay in a group of their own
 * (the framework's chunk, which changes less often than the console and so stays cached).
 */
export function planChunks(
  chunks: PlannedChunk[],
  root: string,
  keep: (id: string) => boolean,
  journeys: Journey[] = JOURNEYS,
): ChunkPlan {
  const graph = graphOf(chunks, root);
  const modules = new Map(chunks.map((c) => [c.fileName, c.moduleIds]));
  const loaded = new Map<string, Set<string>>();
  const plan: ChunkPlan = new Map();
  for (const journey of journeys) {
    const before = journey.beyond ? loaded.get(journey.beyond) : undefined;
    if (journey.beyond && !before) throw new Error(`The journey "${journey.beyond}" must come first.`);
    const files = filesLoadedBy(graph, journey.sources);
    loaded.set(journey.name, new Set([...(before ?? []), ...files]));
    const apart = new Set(
      (journey.apart ?? []).flatMap((source) =>
        Object.keys(graph.chunks).filter((f) => graph.chunks[f]!.sources.includes(source)),
      ),
    );
    const shared = filesLoadedBy(graph, journey.sharedWith ?? []);
    for (const file of files) {
      if (before?.has(file) || apart.has(file)) continue;
      const chunk = shared.has(file) ? sharedChunk(journey) : journey.chunk;
      for (const id of modules.get(file) ?? []) if (!keep(id) && !plan.has(id)) plan.set(id, chunk);
    }
  }
  return plan;
}

/** Where a journey's modules go that the pages it names as `sharedWith` load too. */
const sharedChunk = (journey: Journey) => `${journey.chunk}-shared`;

/** Set while the plan's first build runs, so that build leaves the plan out. */
const PLANNING = 'GATEHOUSE_CHUNK_PLANNING';
export const planning = () => process.env[PLANNING] === '1';

/**
 * The plugin that makes the plan (a first build of the same config, not written to disk) and
 * the chunk group that follows it. `keep` is as for `planChunks`.
 */
export function chunkPlan(configFile: string, keep: (id: string) => boolean) {
  let plan: ChunkPlan = new Map();
  let root = '';
  let mode = '';
  const plugin: Plugin = {
    name: 'gatehouse:chunk-plan',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      mode = config.mode;
    },
    async buildStart() {
      const { build } = await import('vite');
      process.env[PLANNING] = '1';
      try {
        const result = await build({ configFile, root, mode, logLevel: 'silent', build: { write: false } });
        const outputs = Array.isArray(result) ? result : [result];
        const chunks = outputs.flatMap((o) =>
          'output' in o ? o.output.filter((f): f is Rolldown.OutputChunk => f.type === 'chunk') : [],
        );
        if (chunks.length === 0) throw new Error('The chunk plan found no chunks in its first build');
        plan = planChunks(chunks, root, keep);
      } finally {
        delete process.env[PLANNING];
      }
    },
  };
  // One group per journey, the earlier first, each after its part shared with other pages: a
  // group takes in the modules its own import, so the login page's group must claim its
  // modules before the console's can, and the shared part before the rest of the console.
  const names = JOURNEYS.flatMap((journey) =>
    journey.sharedWith ? [sharedChunk(journey), journey.chunk] : [journey.chunk],
  );
  const groups = names.map((name, i) => ({
    name,
    test: (id: string) => plan.get(id) === name,
    priority: 30 - i,
  }));
  return { plugin, groups };
}
