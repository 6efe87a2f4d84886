import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import {
  applicationDocumentSchema,
  CONFIG_FORMATS,
  type ImportPreview,
  instanceDocumentSchema,
} from '@gatehouse/contract';
import type { AppConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { InstanceTransferService } from '../modules/config-transfer/instance.ts';
import { ConfigTransferService, type TransferCaller } from '../modules/config-transfer/service.ts';
import { consolePermissionIds } from '../platform/seed.ts';
import { openMigrated, Refused } from './database.ts';

/** A usage: one line of the command table (gatehouse.ts). */
type Command = {
  usage: string;
  summary: string;
  run: (config: AppConfig, args: string[]) => Promise<number>;
};

/** The configured database, migrated, for `work`; on PGlite only while no server holds it. */
async function withDatabase<T>(
  config: AppConfig,
  what: string,
  work: (handle: DatabaseHandle) => Promise<T>,
) {
  const handle = await openMigrated(config, what);
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

/** Splits `args` into flags (`--name value` or `--name`) and positional arguments. */
function parseArgs(
  args: string[],
  spec: { values?: readonly string[]; switches?: readonly string[] },
): { values: Map<string, string>; switches: Set<string>; positional: string[] } {
  const values = new Map<string, string>();
  const switches = new Set<string>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const name = arg.slice(2);
    if (spec.switches?.includes(name)) switches.add(name);
    else if (spec.values?.includes(name)) {
      const value = args[++i];
      if (value === undefined) throw new Refused(`--${name} needs a value`);
      values.set(name, value);
    } else throw new Refused(`Unknown option ${arg}`);
  }
  return { values, switches, positional };
}

/**
 * `export` and `import` of configuration (docs/config-transfer.md). The command line acts as
 * the operator who holds the database: no grant is checked, and the audit record names
 * `cli:<os user>`. A document's rules and conflicts are the same as through the API.
 */

function operator(): TransferCaller & { administrator: boolean } {
  let who = 'unknown';
  try {
    who = userInfo().username;
  } catch {
    // No user database (a container running under a bare uid): the audit record says so.
  }
  return {
    ctx: { actorId: null, actorName: `cli:${who}`, ip: null, requestId: randomUUID() },
    scopeOf: () => 'all',
    operator: true,
    administrator: true,
  };
}

const consolePermissions: ReadonlySet<string> = new Set(consolePermissionIds());

/**
 * The instance's transfer over `db`, with the application transfer it runs each application
 * through; a client's logout URI is checked against the server's outbound settings.
 */
function services(db: ConstructorParameters<typeof ConfigTransferService>[0], config: AppConfig) {
  const applications = new ConfigTransferService(db, {
    allowHttp: config.webhookAllowHttp,
    allowPrivate: config.webhookAllowPrivate,
  });
  // The platform's permission ids are the server's routes' and navigation's; the command line
  // has no routes, so a platform grant of the document is checked against the navigation's.
  return { applications, instance: new InstanceTransferService(db, applications, () => consolePermissions) };
}

async function writeOut(file: string, text: string): Promise<void> {
  if (file === '-') process.stdout.write(text);
  else await writeFile(file, text);
}

async function readIn(file: string): Promise<unknown> {
  const text =
    file === '-'
      ? await new Response(process.stdin as unknown as ReadableStream).text()
      : await readFile(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw new Refused(`${file} is not JSON`);
  }
}

/** The preview as lines a person reads: per kind what changes, then conflicts and warnings. */
export function describePreview(preview: ImportPreview, limit = 10): string {
  const lines: string[] = [];
  const list = (ids: string[]) =>
    ids.length > limit ? `${ids.slice(0, limit).join(', ')}, … (${ids.length - limit} more)` : ids.join(', ');
  for (const c of preview.changes) {
    const where = c.applicationId ? `${c.applicationId} ` : '';
    for (const [verb, ids] of [
      ['create', c.create],
      ['update', c.update],
      ['delete', c.delete],
    ] as const)
      if (ids.length > 0) lines.push(`${where}${c.kind}: ${verb} ${ids.length}: ${list(ids)}`);
  }
  if (lines.length === 0) lines.push('No change.');
  for (const c of preview.conflicts) lines.push(`CONFLICT ${c.kind} ${c.id}: ${c.message}`);
  for (const w of preview.warnings) lines.push(`warning ${w.kind} ${w.id}: ${w.message}`);
  lines.push(
    preview.applied ? 'Applied.' : preview.applicable ? 'Nothing was changed.' : 'It cannot be applied.',
  );
  return `${lines.join('\n')}\n`;
}

const exportCommand: Command = {
  usage: 'export [--application <appId>] [--password-hashes] <file|->',
  summary:
    "write an application's configuration, or without --application the whole instance, as JSON (no client secrets; no password hashes unless --password-hashes)",
  async run(config, args) {
    const { values, switches, positional } = parseArgs(args, {
      values: ['application'],
      switches: ['password-hashes'],
    });
    const applicationId = values.get('application');
    const hashes = switches.has('password-hashes');
    const [file] = positional;
    if (!file || positional.length > 1) throw new Refused('export: name one file, or - for standard output');
    if (applicationId && hashes)
      throw new Refused('export: --password-hashes belongs to the instance export, without --application');
    const document = await withDatabase<unknown>(config, 'export', (handle) => {
      const { applications, instance } = services(handle.db, config);
      return applicationId
        ? applications.exportApplication(applicationId, operator())
        : instance.exportInstance(operator(), hashes);
    });
    await writeOut(file, `${JSON.stringify(document, null, 2)}\n`);
    if (hashes)
      process.stderr.write(
        'The file holds password hashes: keep it as safe as the database, and delete it once used.\n',
      );
    if (file !== '-') process.stderr.write(`Exported ${applicationId ?? 'the instance'} to ${file}.\n`);
    return 0;
  },
};

/** The preview and the import of a document, by its format; undefined for another format. */
function steps(
  raw: unknown,
  applications: ConfigTransferService,
  instance: InstanceTransferService,
): { preview: () => Promise<ImportPreview>; apply: () => Promise<ImportPreview> } | undefined {
  const format = (raw as { format?: unknown } | null)?.format;
  if (format === CONFIG_FORMATS.application) {
    const document = applicationDocumentSchema.parse(raw);
    const target = document.application.applicationId;
    return {
      preview: () => applications.previewApplication(target, document, operator()),
      apply: () => applications.importApplication(target, document, operator()),
    };
  }
  if (format === CONFIG_FORMATS.instance) {
    const document = instanceDocumentSchema.parse(raw);
    return {
      preview: () => instance.previewInstance(document, operator()),
      apply: () => instance.importInstance(document, operator()),
    };
  }
  return undefined;
}

const importCommand: Command = {
  usage: 'import [--dry-run] <file|->',
  summary:
    'import a document into the application it names, or the instance, in one transaction; --dry-run prints the preview only (docs/config-transfer.md)',
  async run(config, args) {
    const { switches, positional } = parseArgs(args, { switches: ['dry-run'] });
    const [file] = positional;
    if (!file || positional.length > 1) throw new Refused('import: name one file, or - for standard input');
    const raw = await readIn(file);
    const format = (raw as { format?: unknown } | null)?.format;
    const schema =
      format === CONFIG_FORMATS.application
        ? applicationDocumentSchema
        : format === CONFIG_FORMATS.instance
          ? instanceDocumentSchema
          : undefined;
    if (!schema)
      throw new Refused(`import: ${file} is not a document this command imports (format ${String(format)})`);
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const problems = parsed.error.issues.slice(0, 20).map((i) => `  ${i.path.join('.')}: ${i.message}`);
      process.stderr.write(`The document is not valid:\n${problems.join('\n')}\n`);
      return 2;
    }
    const preview = await withDatabase(config, 'import', async (handle) => {
      const { applications, instance } = services(handle.db, config);
      const run = steps(parsed.data, applications, instance)!;
      const first = await run.preview();
      const unchanged = first.changes.every((c) => c.create.length + c.update.length + c.delete.length === 0);
      if (switches.has('dry-run') || !first.applicable || unchanged) return first;
      return run.apply();
    });
    process.stdout.write(describePreview(preview));
    return preview.applicable ? 0 : 1;
  },
};

export const configCommands: Record<string, Command> = { export: exportCommand, import: importCommand };
