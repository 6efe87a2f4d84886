import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { type ESTree, type Plugin, parseSync, transformWithOxc } from 'vite';

/**
 * A file of the contract holds an area's constants and messages beside its zod schemas. The
 * sign-in page reads a few of those constants (the password policy, the messages), and with
 * them, since a module loads whole, every schema of the file and all of zod: some 25 KiB of
 * the page's gzipped scripts.
 *
 * This plugin cuts each such file in two at build time: the declarations that do not need
 * zod, and those that do (directly, or through another declaration or another contract
 * file's schema). The file itself becomes a list of re-exports from the two halves, so an
 * import of a constant loads the first half only. The halves keep the original statements
 * in their order, and the second imports what it uses from the first, never the reverse.
 * Whatever the analysis cannot tell apart stays on the zod side: a wrong guess costs size,
 * never behaviour.
 */

/** A module of the contract's source, or one made from it (the halves below). */
export const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/]/;
const CONTRACT_FILE = /[\\/]packages[\\/]contract[\\/]src[\\/][^\\/?]+\.ts$/;
/** The halves are modules of their own, named after the file: `gatehouse-contract-half:<file>?values`. */
const HALF_PREFIX = 'gatehouse-contract-half:';
const HALF_ID = /^\0?gatehouse-contract-half:/;
type Half = 'values' | 'schemas';

type Statement = { start: number; end: number; declares: string[]; uses: Set<string> };
type Import = {
  start: number;
  end: number;
  source: string;
  /** Where the quoted source sits, to rewrite it for a half, which is not in the folder. */
  sourceAt: [number, number];
  locals: Map<string, string>;
};
type Module = {
  imports: Import[];
  /** `export … from` statements, kept as they are in the re-export list. */
  reexports: { start: number; end: number; source: string; names: Map<string, string> | 'all' }[];
  statements: Statement[];
  /** Exported name to local name. */
  exports: Map<string, string>;
  /** A construct this plugin does not cut (a default export): the file stays whole. */
  whole: boolean;
};

const isZod = (source: string) => source === 'zod' || source.startsWith('zod/');
const isRelative = (source: string) => source.startsWith('./') || source.startsWith('../');

/** Every identifier name in a subtree: more than the references, which is the safe side. */
function names(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const child of node) names(child, into);
  } else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (record.type === 'Identifier' && typeof record.name === 'string') into.add(record.name);
    for (const [key, value] of Object.entries(record)) if (key !== 'type') names(value, into);
  }
  return into;
}

function declared(node: ESTree.Statement | ESTree.Declaration): string[] {
  switch (node.type) {
    case 'VariableDeclaration':
      return node.declarations.flatMap((d) => [...names(d.id)]);
    case 'FunctionDeclaration':
    case 'ClassDeclaration':
      return node.id ? [node.id.name] : [];
    default:
      return [];
  }
}

function exportedName(node: ESTree.ModuleExportName): string {
  return node.type === 'Identifier' ? node.name : String(node.value);
}

function analyse(program: ESTree.Program): Module {
  const module: Module = { imports: [], reexports: [], statements: [], exports: new Map(), whole: false };
  for (const node of program.body) {
    const span = { start: node.start, end: node.end };
    if (node.type === 'ImportDeclaration') {
      const locals = new Map<string, string>();
      for (const s of node.specifiers) {
        const imported =
          s.type === 'ImportSpecifier'
            ? exportedName(s.imported)
            : s.type === 'ImportDefaultSpecifier'
              ? 'default'
              : '*';
        locals.set(s.local.name, imported);
      }
      const sourceAt: [number, number] = [node.source.start, node.source.end];
      module.imports.push({ ...span, source: String(node.source.value), sourceAt, locals });
    } else if (node.type === 'ExportAllDeclaration') {
      module.reexports.push({ ...span, source: String(node.source.value), names: 'all' });
    } else if (node.type === 'ExportNamedDeclaration' && node.source) {
      const reexported = new Map(
        node.specifiers.map((s) => [exportedName(s.exported), exportedName(s.local)] as const),
      );
      module.reexports.push({ ...span, source: String(node.source.value), names: reexported });
    } else if (node.type === 'ExportNamedDeclaration' && !node.declaration) {
      for (const s of node.specifiers) module.exports.set(exportedName(s.exported), exportedName(s.local));
    } else if (node.type === 'ExportNamedDeclaration' && node.declaration) {
      const declares = declared(node.declaration);
      for (const name of declares) module.exports.set(name, name);
      module.statements.push({ ...span, declares, uses: names(node.declaration) });
    } else if (node.type === 'ExportDefaultDeclaration') {
      module.whole = true;
    } else {
      module.statements.push({ ...span, declares: declared(node), uses: names(node) });
    }
  }
  return module;
}

/**
 * What needs zod: the imports of zod and of other files' schemas, then every statement that
 * uses one of them and the names it declares, until nothing changes.
 */
async function zodSide(
  module: Module,
  file: string,
  exportsNeedingZod: (file: string) => Promise<Set<string>>,
): Promise<{ names: Set<string>; statements: Set<Statement> }> {
  const names = new Set<string>();
  const statements = new Set<Statement>();
  for (const { source, locals } of module.imports) {
    if (isZod(source)) {
      for (const local of locals.keys()) names.add(local);
    } else if (isRelative(source)) {
      const theirs = await exportsNeedingZod(resolve(dirname(file), source));
      for (const [local, imported] of locals)
        if (imported === '*' ? theirs.size > 0 : theirs.has(imported)) names.add(local);
    }
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const statement of module.statements) {
      if (statements.has(statement) || ![...statement.uses].some((name) => names.has(name))) continue;
      statements.add(statement);
      for (const name of statement.declares) names.add(name);
      changed = true;
    }
  }
  return { names, statements };
}

export function splitContractSchemas(): Plugin[] {
  const halves = new Map<string, string>();
  const onDisk = new Map<string, Promise<Set<string>>>();

  /** Another contract file's exported names that need zod, from its source on disk. */
  function exportsNeedingZod(file: string, visiting = new Set<string>()): Promise<Set<string>> {
    const path = file.endsWith('.ts') ? file : `${file}.ts`;
    // A cycle answers "none" for the file already on the way: see the note on wrong guesses.
    if (visiting.has(path)) return Promise.resolve(new Set());
    let known = onDisk.get(path);
    if (!known) {
      known = (async () => {
        const { code } = await transformWithOxc(await readFile(path, 'utf8'), path, { lang: 'ts' });
        const module = analyse(parseSync(path.replace(/\.ts$/, '.js'), code).program);
        const next = new Set(visiting).add(path);
        const zod = await zodSide(module, path, (f) => exportsNeedingZod(f, next));
        const out = new Set<string>();
        for (const [exported, local] of module.exports) if (zod.names.has(local)) out.add(exported);
        for (const { source, names: reexported } of module.reexports) {
          if (!isRelative(source)) continue;
          const theirs = await exportsNeedingZod(resolve(dirname(path), source), next);
          if (reexported === 'all') for (const name of theirs) out.add(name);
          else for (const [exported, local] of reexported) if (theirs.has(local)) out.add(exported);
        }
        return out;
      })();
      onDisk.set(path, known);
    }
    return known;
  }

  const halfId = (file: string, which: Half) => `${HALF_PREFIX}${file}?${which}`;

  return [
    {
      // Before Vite's resolver, which would take the halves for the file on disk.
      name: 'gatehouse:contract-halves',
      apply: 'build',
      enforce: 'pre',
      resolveId: {
        filter: { id: HALF_ID },
        handler: (id) => `\0${id}`,
      },
      load: {
        filter: { id: HALF_ID },
        handler: (id) => halves.get(id.slice(1)) ?? null,
      },
    },
    {
      // After the TypeScript is stripped, so the statements are the ones that run.
      name: 'gatehouse:split-contract-schemas',
      apply: 'build',
      enforce: 'post',
      transform: {
        filter: { id: CONTRACT_FILE },
        async handler(code, id) {
          const module = analyse(this.parse(code));
          if (module.whole) return null;
          const zod = await zodSide(module, id, (f) => exportsNeedingZod(f));
          const zodStatements = module.statements.filter((s) => zod.statements.has(s));
          const valueStatements = module.statements.filter((s) => !zod.statements.has(s));
          if (zodStatements.length === 0 || valueStatements.length === 0) return null;

          const text = (s: { start: number; end: number }) => code.slice(s.start, s.end);
          // A half is a module of its own, not a file in the folder: its imports get full paths.
          const importText = (i: Import) =>
            isRelative(i.source)
              ? `${code.slice(i.start, i.sourceAt[0])}${JSON.stringify(resolve(dirname(id), i.source))}${code.slice(i.sourceAt[1], i.end)}`
              : text(i);
          const from = (which: Half) => JSON.stringify(halfId(id, which));
          const valueNames = valueStatements.flatMap((s) => s.declares);
          const exportedByDeclaration = new Set(module.exports.values());

          halves.set(
            halfId(id, 'values'),
            [
              ...module.imports.filter((i) => !isZod(i.source)).map(importText),
              ...valueStatements.map(text),
              `export { ${valueNames.filter((n) => !exportedByDeclaration.has(n)).join(', ')} };`,
            ].join('\n'),
          );
          halves.set(
            halfId(id, 'schemas'),
            [
              ...module.imports.map(importText),
              `import { ${valueNames.join(', ')} } from ${from('values')};`,
              ...zodStatements.map(text),
            ].join('\n'),
          );

          // The file itself only re-exports, each name from where it now lives.
          const imported = new Map(
            module.imports.flatMap((i) =>
              [...i.locals].map(([local, name]) => [local, { ...i, name }] as const),
            ),
          );
          const facade = module.reexports.map(text);
          for (const [exported, local] of module.exports) {
            const i = imported.get(local);
            if (i?.name === '*') facade.push(`export * as ${exported} from ${JSON.stringify(i.source)};`);
            else if (i) facade.push(`export { ${i.name} as ${exported} } from ${JSON.stringify(i.source)};`);
            else
              facade.push(
                `export { ${local} as ${exported} } from ${from(zod.names.has(local) ? 'schemas' : 'values')};`,
              );
          }
          return { code: facade.join('\n'), map: null };
        },
      },
    },
  ];
}
