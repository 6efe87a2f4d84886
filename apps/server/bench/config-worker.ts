/**
 * One step of the configuration transfer benchmark (bench/config.ts), in a process of its own
 * so that its peak RSS is the step's: `export <url> <appId> <file>`, `preview <url> <file>` or
 * `import <url> <file>`. Prints one JSON line: the step's milliseconds (after the modules have
 * loaded) and the process's peak RSS in bytes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { applicationDocumentSchema } from '@gatehouse/contract';
import { openDatabase } from '../src/db/client.ts';
import { ConfigTransferService, type TransferCaller } from '../src/modules/config-transfer/service.ts';

const [step, url, ...rest] = process.argv.slice(2);
const operator: TransferCaller = {
  ctx: { actorId: null, actorName: 'bench', ip: null, requestId: null },
  scopeOf: () => 'all',
  operator: true,
};
const handle = await openDatabase({ kind: 'postgres', url: url! });
// The benchmark's documents name no logout URIs; the server's defaults (https, public only).
const service = new ConfigTransferService(handle.db, { allowHttp: false, allowPrivate: false });
const started = performance.now();
let changes = 0;
if (step === 'export') {
  const document = await service.exportApplication(rest[0]!, operator);
  await writeFile(rest[1]!, JSON.stringify(document));
} else {
  // As the route and the command line take it: JSON parsed, then the contract's schema.
  const document = applicationDocumentSchema.parse(JSON.parse(await readFile(rest[0]!, 'utf8')));
  const target = document.application.applicationId;
  const result =
    step === 'preview'
      ? await service.previewApplication(target, document, operator)
      : await service.importApplication(target, document, operator);
  changes = result.changes.reduce((n, c) => n + c.create.length + c.update.length + c.delete.length, 0);
}
const ms = performance.now() - started;
await handle.close();
process.stdout.write(`${JSON.stringify({ ms, maxRss: process.resourceUsage().maxRSS * 1024, changes })}\n`);
