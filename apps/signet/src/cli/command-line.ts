import { parseArgs } from 'node:util';
import { KEYS_USAGE } from '@signet/gateway/src/cli/keys-cli';

export const MAIN_USAGE = [
  'usage: signet [--target=<parts>]      start Signet (all parts unless --target names some)',
  '       signet keys <command> ...      manage API keys (create, list, revoke)',
  '       signet help [<command>]        this text, or a command\'s (serve, keys)',
  '',
  'options:',
  '  --target=<parts>   all (the default) or a comma-separated list: gateway, envelope, upload,',
  '                     settings, webhook-delivery, validation, evidence',
  '  -h, --help         show this text',
  '',
  'Configuration comes from environment variables (PORT, DATA_DIR, DATABASE_URL, KAFKA_BROKERS, ...);',
  'with none set, everything runs in one process on an embedded PostgreSQL.'
].join('\n');

const SERVE_USAGE = [
  'usage: signet [--target=<parts>]',
  '',
  'Starts the named parts (all by default) and keeps running until SIGTERM or Ctrl-C.',
  '  --target=all                     every part in one process (in-memory bus allowed)',
  '  --target=gateway,settings        some parts; the others run elsewhere (needs KAFKA_BROKERS)'
].join('\n');

const COMMAND_USAGES: Record<string, string> = { serve: SERVE_USAGE, keys: KEYS_USAGE };

/** What the command line asks for. `exitCode` 0 is an asked-for help text, 2 a usage error. */
export type Command =
  | { kind: 'print'; text: string; exitCode: 0 | 2 }
  | { kind: 'serve'; target: string }
  | { kind: 'keys'; args: string[] };

const isHelpFlag = (arg: string | undefined) => arg === '--help' || arg === '-h';

const usageError = (message: string, usage = MAIN_USAGE): Command => ({ kind: 'print', text: `signet: ${message}\n\n${usage}`, exitCode: 2 });

/** Reads argv (without node and the script) into a command; never throws for a user's mistake. */
export function readCommandLine(argv: readonly string[]): Command {
  const [first, ...rest] = argv;
  if (first === 'help') {
    if (rest.length === 0) return { kind: 'print', text: MAIN_USAGE, exitCode: 0 };
    const usage = rest.length === 1 ? COMMAND_USAGES[rest[0] as string] : undefined;
    return usage ? { kind: 'print', text: usage, exitCode: 0 } : usageError(`no help for '${rest.join(' ')}'`);
  }
  if (first === 'keys') {
    if (rest.some(isHelpFlag) || rest.length === 0) return { kind: 'print', text: KEYS_USAGE, exitCode: rest.length === 0 ? 2 : 0 };
    return { kind: 'keys', args: rest };
  }
  if (argv.some(isHelpFlag)) return { kind: 'print', text: MAIN_USAGE, exitCode: 0 };
  const args = first === 'serve' ? rest : [...argv];
  try {
    const { values } = parseArgs({ args, options: { target: { type: 'string', default: 'all' } }, strict: true, allowPositionals: false });
    return { kind: 'serve', target: values.target };
  } catch (error) {
    const unknownCommand = args[0] !== undefined && !args[0].startsWith('-');
    return usageError(unknownCommand ? `unknown command '${args[0]}'` : (error as Error).message);
  }
}
