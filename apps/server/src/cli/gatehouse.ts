import { type AppConfig, loadConfigOrExit } from '../config.ts';
import { auditVerify } from './audit-verify.ts';
import { backup, restore } from './backup.ts';
import { configCommands } from './config-transfer.ts';
import { Refused } from './database.ts';
import { keysRotate } from './keys-rotate.ts';

/**
 * `npm run gatehouse -- <command> …`: the operator's commands, compiled with the server
 * (dist/gatehouse.js) so they run where the build runs, with the server's settings read the
 * same way (a bad one stops the command, exit code 2).
 */
type Command = {
  usage: string;
  summary: string;
  run: (config: AppConfig, args: string[]) => Promise<number>;
};

const COMMANDS: Record<string, Command> = {
  'audit:verify': {
    usage: 'audit:verify',
    summary:
      'check the audit hash chain; exit 0 when it holds, 1 when broken, 2 when it could not be checked',
    run: (config) => auditVerify(config),
  },
  backup: {
    usage: 'backup <file>',
    summary:
      'copy the database to <file>: the embedded one through the running server, or directly while none runs; PostgreSQL by pg_dump',
    run: (config, args) => backup(config, args),
  },
  restore: {
    usage: 'restore <file>',
    summary:
      'restore a backup: the embedded one into a new GATEHOUSE_DATA_DIR (no server running); PostgreSQL by pg_restore',
    run: (config, args) => restore(config, args),
  },
  ...configCommands,
  'keys:rotate': {
    usage: 'keys:rotate',
    summary: 'make a new OIDC signing key; the old ones stay published until what they signed expires',
    run: (config) => keysRotate(config),
  },
};

function usage(): string {
  const width = Math.max(...Object.values(COMMANDS).map((c) => c.usage.length));
  return [
    'Usage: npm run gatehouse -- <command> [arguments]',
    '',
    ...Object.values(COMMANDS).map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`),
    '',
    'Settings come from the environment, as for the server (docs/operating.md#settings).',
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(`${usage()}\n`);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`Unknown command: ${name}\n\n${usage()}\n`);
    return 2;
  }
  return command.run(loadConfigOrExit(), args);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    // Refused before doing anything: 2, as audit:verify's "could not be checked".
    if (err instanceof Refused) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    console.error(`gatehouse ${process.argv[2]} failed:`, err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
