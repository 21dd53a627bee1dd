/** A bad environment variable; its message is the one line printed at start-up. */
export class ConfigError extends Error {
  constructor(variable: string, problem: string, value?: string) {
    super(`Invalid configuration: ${variable} ${problem}${value === undefined ? '' : ` (got "${value}")`}`);
    this.name = 'ConfigError';
  }
}
