import { MAIN_USAGE, readCommandLine } from './cli/command-line';

async function serve(target: string): Promise<number> {
  // Required only to serve (the entry point runs as CommonJS under tsx): help and usage errors answer at once.
  const { startSignet } = require('./start-signet') as typeof import('./start-signet');
  const { parseTargets } = require('./targets') as typeof import('./targets');
  let parts;
  try {
    parts = parseTargets(target);
  } catch (error) {
    process.stderr.write(`signet: ${(error as Error).message}\n\n${MAIN_USAGE}\n`);
    return 2;
  }
  const signet = await startSignet({ parts });
  const stopOnce = async (signal: string) => {
    process.stdout.write(`\n${signal}: stopping Signet (finishing in-flight work)\n`);
    await signet.stop();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stopOnce('SIGTERM'));
  process.once('SIGINT', () => void stopOnce('SIGINT'));
  if (signet.gatewayUrl) process.stdout.write(`Signet is listening at ${signet.config.publicBaseUrl} (parts: ${[...signet.services.keys()].join(', ')})\n`);
  if (signet.developmentKey) {
    process.stdout.write(`Development API key: ${signet.developmentKey}\n`);
    process.stdout.write(`Start page: ${signet.config.publicBaseUrl}/ (links to the quickstart, the API reference, the mailbox)\n`);
    process.stdout.write(`Try: curl -H "Authorization: ${signet.developmentKey}" ${signet.config.publicBaseUrl}/api/v1/settings\n`);
  }
  return -1;
}

async function main(argv: string[]): Promise<number> {
  const command = readCommandLine(argv);
  if (command.kind === 'print') {
    (command.exitCode === 0 ? process.stdout : process.stderr).write(`${command.text}\n`);
    return command.exitCode;
  }
  if (command.kind === 'keys') {
    const { runKeys } = require('./run-keys') as typeof import('./run-keys');
    return runKeys(command.args);
  }
  return serve(command.target);
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    const { ConfigError } = require('@signet/config') as typeof import('@signet/config');
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`Signet failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  }
);
