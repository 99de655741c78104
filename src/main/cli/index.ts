/**
 * The `tandem` command line: `serve`, `mcp` and `mcp-config`. Mistakes in the command line exit
 * with code 2 and a message with a code and a `try:` line; failures at run time exit with code 1.
 */
import { StudioError } from '../kernel/errors';
import { version } from '../../../package.json';
import { bundleCommand, commands, mcpCommand, mcpConfigCommand, serveCommand } from './commands';
import { parseToolsetsFlag } from './common-flags';
import { guardStandardStreams } from './standard-streams';
import { USAGE_EXIT_CODE, UsageError, commandHelp, parseCommandFlags, unknownCommand } from './usage';

function overview(): string {
  return [
    `tandem ${version}: Tandem Studio, where a person and an AI edit the same models at the same time`,
    '',
    'usage: tandem <command> [options]',
    '',
    'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(12)} ${c.summary}`),
    '',
    'Run "tandem <command> --help" for its options.',
    '',
  ].join('\n');
}

function report(prefix: string, err: { message: string; code: string; suggestion?: string }): void {
  process.stderr.write(`${prefix}: ${err.message} [${err.code}]\n${err.suggestion ? `  try: ${err.suggestion}\n` : ''}`);
}

export async function main(argv: readonly string[]): Promise<void> {
  // A reader that went away (`tandem serve | head -1`) must not turn each write into an exception.
  guardStandardStreams();
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(overview());
    return;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${version}\n`);
    return;
  }
  const spec = commands.find((c) => c.name === name);
  try {
    if (!spec) throw unknownCommand(name, commands.map((c) => c.name));
    const flags = parseCommandFlags(spec, rest);
    if (!flags) {
      process.stdout.write(commandHelp(spec));
      return;
    }
    switch (spec) {
      case serveCommand:
        await (await import('./serve')).runServe(flags, parseToolsetsFlag(flags.toolsets));
        return;
      case mcpCommand:
        await (await import('./mcp')).runMcpBridge(flags, parseToolsetsFlag(flags.toolsets));
        return;
      case mcpConfigCommand:
        (await import('./mcp-config')).runMcpConfig(flags);
        return;
      case bundleCommand:
        (await import('./bundle')).runBundle(flags);
        return;
    }
  } catch (err) {
    const prefix = spec ? `tandem ${spec.name}` : 'tandem';
    if (err instanceof UsageError) {
      report(prefix, err);
      process.exitCode = USAGE_EXIT_CODE;
      return;
    }
    if (err instanceof StudioError) {
      report(prefix, err);
      process.exitCode = 1;
      return;
    }
    const system = err as NodeJS.ErrnoException;
    if (typeof system?.syscall === 'string') {
      // A file-system or network refusal: the message names the path; no stack needed.
      report(prefix, { message: system.message, code: 'io_error', suggestion: 'check --workspace DIR: a folder you can write to' });
    } else {
      process.stderr.write(`${prefix}: ${system?.stack ?? err} [internal_error]\n`);
    }
    process.exitCode = 1;
  }
}

void main(process.argv.slice(2));
