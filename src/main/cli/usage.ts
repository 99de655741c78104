/**
 * Command-line parsing shared by every `tandem` command: flags are declared once per command and
 * parsed with node:util parseArgs; every mistake becomes a UsageError (exit code 2) with a code
 * and a `try:` line.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { closestMatches } from '../kernel/suggest';

export const USAGE_EXIT_CODE = 2;

export class UsageError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly suggestion?: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface FlagSpec {
  type: 'string' | 'boolean';
  /** `DIR`, `N`, ...: shown in help. */
  value?: string;
  summary: string;
}

export interface CommandSpec {
  name: string;
  summary: string;
  /** Longer explanation printed by `--help`, one string per line. */
  details: string[];
  flags: Record<string, FlagSpec>;
  examples: string[];
}

export type ParsedFlags = Record<string, string | boolean | undefined>;

export function commandHelp(spec: CommandSpec): string {
  const flagLines = Object.entries(spec.flags).map(([name, flag]) => {
    const left = `  --${name}${flag.value ? ` ${flag.value}` : ''}`;
    return `${left.padEnd(26)} ${flag.summary}`;
  });
  return [
    `tandem ${spec.name}: ${spec.summary}`,
    '',
    `usage: tandem ${spec.name}${Object.keys(spec.flags).length ? ' [options]' : ''}`,
    ...(spec.details.length ? ['', ...spec.details] : []),
    '',
    'options:',
    ...flagLines,
    `  ${'--help'.padEnd(24)} show this help`,
    '',
    'examples:',
    ...spec.examples.map((e) => `  ${e}`),
    '',
  ].join('\n');
}

/** Parses `args` against the command's flags; `undefined` means `--help` was asked for. */
export function parseCommandFlags(spec: CommandSpec, args: readonly string[]): ParsedFlags | undefined {
  const options: NonNullable<ParseArgsConfig['options']> = { help: { type: 'boolean', short: 'h' } };
  for (const [name, flag] of Object.entries(spec.flags)) options[name] = { type: flag.type };
  let values: ParsedFlags;
  try {
    values = parseArgs({ args: [...args], options, strict: true, allowPositionals: false }).values as ParsedFlags;
  } catch (err) {
    throw usageErrorFrom(spec, err as Error & { code?: string }, args);
  }
  if (values.help) return undefined;
  return values;
}

function usageErrorFrom(spec: CommandSpec, err: Error & { code?: string }, args: readonly string[]): UsageError {
  const known = Object.keys(spec.flags);
  const help = `tandem ${spec.name} --help`;
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      const flag = /'([^']+)'/.exec(err.message)?.[1] ?? args.find((a) => a.startsWith('-')) ?? '?';
      const near = closestMatches(flag.replace(/^-+/, '').split('=')[0], known, 1);
      // Suggest the same command line with the option spelled right.
      const fixed = near.length ? args.map((a) => (a === flag ? `--${near[0]}` : a)).join(' ') : '';
      return new UsageError(
        'unknown_option',
        `unknown option ${flag}${near.length ? `, did you mean --${near[0]}?` : ''} (options: ${known.map((k) => `--${k}`).join(' ')})`,
        near.length ? `tandem ${spec.name} ${fixed}` : help,
      );
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL': {
      const extra = /'([^']+)'/.exec(err.message)?.[1] ?? '';
      return new UsageError('unexpected_argument', `unexpected argument "${extra}"`, help);
    }
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return new UsageError('missing_value', err.message.split('\n')[0], help);
    default:
      return new UsageError('bad_arguments', err.message.split('\n')[0], help);
  }
}

/** `--port N`: an integer 0..65535 (0 picks a free port). */
export function parsePort(text: string | boolean | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const port = Number(text);
  if (typeof text !== 'string' || !/^\d+$/.test(text) || port > 65535) {
    throw new UsageError('bad_port', `--port must be a number from 0 to 65535, not "${String(text)}"`, '--port 0 (a free port) or --port 8765');
  }
  return port;
}

/** Suggests the command closest to a mistyped one. */
export function unknownCommand(name: string, commands: readonly string[]): UsageError {
  const near = closestMatches(name, commands, 1);
  return new UsageError(
    'unknown_command',
    `unknown command "${name}"${near.length ? `, did you mean "${near[0]}"?` : ''} (commands: ${commands.join(', ')})`,
    near.length ? `tandem ${near[0]} --help` : 'tandem --help',
  );
}
