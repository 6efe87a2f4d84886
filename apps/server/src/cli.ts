import type { Command } from './cli/command.ts';
import { configCommands } from './cli/config-transfer.ts';

/**
 * `npm run gatehouse -- <command> …`: the operator's commands, run against the configured
 * database (DATABASE_URL, else the PGlite data directory GATEHOUSE_DATA_DIR). Each command is
 * one entry of this table; a new one adds its module's entries.
 */
const COMMANDS: Record<string, Command> = {
  ...configCommands,
};

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name} ${c.usage}\n      ${c.summary}`);
  return `Usage: npm run gatehouse -- <command> [options]\n\nCommands:\n${lines.join('\n')}\n`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name === undefined ? undefined : COMMANDS[name];
  if (!command || args.includes('--help')) {
    process.stdout.write(usage());
    return name === undefined || name === '--help' || command ? 0 : 2;
  }
  return command.run(args);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
