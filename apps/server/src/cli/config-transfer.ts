import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { applicationDocumentSchema, CONFIG_FORMATS, type ImportPreview } from '@gatehouse/contract';
import { ConfigTransferService, type TransferCaller } from '../modules/config-transfer/service.ts';
import { type Command, parseArgs, UsageError, withDatabase } from './command.ts';

/**
 * `export` and `import` of configuration (docs/config-transfer.md). The command line acts as
 * the operator who holds the database: no grant is checked, and the audit record names
 * `cli:<os user>`. A document's rules and conflicts are the same as through the API.
 */

function operator(): TransferCaller {
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
  };
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
    throw new UsageError(`${file} is not JSON`);
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
  usage: '--application <appId> <file|->',
  summary: "Writes an application's configuration as a JSON document (clients without secrets).",
  async run(args) {
    const { values, positional } = parseArgs(args, { values: ['application'] });
    const applicationId = values.get('application');
    const [file] = positional;
    if (!file || positional.length > 1)
      throw new UsageError('export: name one file, or - for standard output');
    if (!applicationId) throw new UsageError('export: name the application with --application <appId>');
    const document = await withDatabase((handle) =>
      new ConfigTransferService(handle.db).exportApplication(applicationId, operator()),
    );
    await writeOut(file, `${JSON.stringify(document, null, 2)}\n`);
    if (file !== '-') process.stderr.write(`Exported ${applicationId} to ${file}.\n`);
    return 0;
  },
};

const importCommand: Command = {
  usage: '[--dry-run] <file|->',
  summary:
    'Imports a document into the application it names, in one transaction; --dry-run prints the preview and changes nothing.',
  async run(args) {
    const { switches, positional } = parseArgs(args, { switches: ['dry-run'] });
    const [file] = positional;
    if (!file || positional.length > 1)
      throw new UsageError('import: name one file, or - for standard input');
    const raw = await readIn(file);
    const format = (raw as { format?: unknown } | null)?.format;
    if (format !== CONFIG_FORMATS.application)
      throw new UsageError(
        `import: ${file} is not a document this command imports (format ${String(format)})`,
      );
    const parsed = applicationDocumentSchema.safeParse(raw);
    if (!parsed.success) {
      const problems = parsed.error.issues.slice(0, 20).map((i) => `  ${i.path.join('.')}: ${i.message}`);
      process.stderr.write(`The document is not valid:\n${problems.join('\n')}\n`);
      return 2;
    }
    const document = parsed.data;
    const target = document.application.applicationId;
    const preview = await withDatabase(async (handle) => {
      const service = new ConfigTransferService(handle.db);
      const first = await service.previewApplication(target, document, operator());
      const unchanged = first.changes.every((c) => c.create.length + c.update.length + c.delete.length === 0);
      if (switches.has('dry-run') || !first.applicable || unchanged) return first;
      return service.importApplication(target, document, operator());
    });
    process.stdout.write(describePreview(preview));
    return preview.applicable ? 0 : 1;
  },
};

export const configCommands: Record<string, Command> = { export: exportCommand, import: importCommand };
