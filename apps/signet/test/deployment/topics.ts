import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './compose';

export const TOPICS_FILE = path.join(REPO_ROOT, 'deploy', 'topics.txt');
const CREATE_TOPICS = path.join(REPO_ROOT, 'deploy', 'create-topics.sh');

/** The topics deploy/topics.txt lists, without comments and blank lines. */
export function listedTopics(): string[] {
  return readFileSync(TOPICS_FILE, 'utf8').split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
}

/**
 * Runs deploy/create-topics.sh against a stand-in kafka-topics.sh that knows `existing` and records
 * every call, and returns the calls that created a topic.
 */
export function runCreateTopics(existing: string[], env: Record<string, string>): string[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'create-topics-'));
  try {
    const calls = path.join(dir, 'calls');
    const fake = path.join(dir, 'kafka-topics.sh');
    writeFileSync(fake, [
      '#!/bin/sh',
      `case "$*" in *--list*) printf '%s\\n' ${existing.map((topic) => `'${topic}'`).join(' ')} ;; *) echo "$*" >> '${calls}' ;; esac`
    ].join('\n'), { mode: 0o755 });
    execFileSync('sh', [CREATE_TOPICS, TOPICS_FILE], { env: { PATH: process.env.PATH, KAFKA_TOPICS_SH: fake, ...env }, stdio: 'pipe' });
    return readFileSync(calls, 'utf8').trim().split('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
