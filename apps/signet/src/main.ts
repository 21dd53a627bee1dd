import { parseArgs } from 'node:util';
import { ConfigError } from '@signet/config';
import { runKeys } from './run-keys';
import { startSignet } from './start-signet';
import { parseTargets } from './targets';

async function serve(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { target: { type: 'string', default: 'all' } }, strict: true });
  const signet = await startSignet({ parts: parseTargets(values.target) });
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
    process.stdout.write(`Try: curl -H "Authorization: ${signet.developmentKey}" ${signet.config.publicBaseUrl}/api/v1/settings\n`);
  }
}

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'keys') return runKeys(argv.slice(1));
  await serve(argv);
  return -1;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    if (error instanceof ConfigError || (error instanceof TypeError && (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`Signet failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
    }
    process.exit(1);
  }
);
