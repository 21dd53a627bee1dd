// Tests assert behaviour, not log lines: keep the output readable unless LOG_LEVEL asks otherwise.
process.env.LOG_LEVEL ??= 'silent';
