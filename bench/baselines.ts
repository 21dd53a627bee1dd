import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import express from 'express';
import multer from 'multer';
import pg from 'pg';

/**
 * The baselines Signet's figures are divided by: the least a server built on the same stack must do for
 * the same request, with nothing of Signet in it (no auth, events, outbox, validation or hop).
 */
export interface Baseline {
  url: string;
  close(): Promise<void>;
}

async function listening(server: http.Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** express + pg reading the same envelope, documents, recipients and placements from the same tables, in one statement. */
function bareGetRoute(pool: pg.Pool, tenantId: string): express.RequestHandler {
  return async (req, res) => {
    const result = await pool.query(`
      SELECT e.*,
        (SELECT coalesce(json_agg(d), '[]') FROM envelope.documents d WHERE d.envelope_id = e.id) AS documents,
        (SELECT coalesce(json_agg(r), '[]') FROM envelope.recipients r WHERE r.envelope_id = e.id) AS recipients,
        (SELECT coalesce(json_agg(p), '[]') FROM envelope.placements p WHERE p.envelope_id = e.id) AS placements
      FROM envelope.envelopes e WHERE e.id = $1 AND e.tenant_id = $2`, [req.params.id, tenantId]);
    if (result.rows.length === 0) res.status(404).json({ error: 'not found' });
    else res.json({ envelope: result.rows[0] });
  };
}

/**
 * express + multer reading the same multipart form, each document's base64 decoded and checked to start
 * with `%PDF-`, and one INSERT of the form's fields.
 */
function bareCreateRoutes(pool: pg.Pool): express.RequestHandler[] {
  return [multer({ limits: { fieldSize: 15 * 1024 * 1024 } }).none(), async (req, res) => {
    const fields = req.body as Record<string, string>;
    const documents = Object.entries(fields).filter(([name]) => name.endsWith('[base64]'));
    if (documents.some(([, base64]) => Buffer.from(base64, 'base64').subarray(0, 5).toString('latin1') !== '%PDF-')) {
      res.status(422).json({ error: 'not a PDF' });
      return;
    }
    const result = await pool.query('INSERT INTO bench_baseline.envelopes (fields) VALUES ($1) RETURNING id', [JSON.stringify(fields)]);
    res.json({ envelope: { id: result.rows[0].id } });
  }];
}

async function bareCreateTable(pool: pg.Pool): Promise<void> {
  await pool.query('CREATE SCHEMA IF NOT EXISTS bench_baseline');
  await pool.query('CREATE TABLE IF NOT EXISTS bench_baseline.envelopes (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), fields jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())');
}

async function served(app: express.Express, pool: pg.Pool): Promise<Baseline> {
  const server = http.createServer(app);
  const url = await listening(server);
  return { url, close: async () => { server.close(); await pool.end(); } };
}

/** The bare GET alone: `GET /envelopes/:id`. */
export async function bareGetServer(databaseUrl: string, tenantId: string): Promise<Baseline> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = express();
  app.get('/envelopes/:id', bareGetRoute(pool, tenantId));
  return served(app, pool);
}

/** The bare create alone: `POST /envelopes`. */
export async function bareCreateServer(databaseUrl: string): Promise<Baseline> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  await bareCreateTable(pool);
  const app = express();
  app.post('/envelopes', ...bareCreateRoutes(pool));
  return served(app, pool);
}

/** The bare server's connections, as pg_stat_activity names them. */
const BARE_APPLICATION_NAME = 'signet-bench-bare';

/** Both bare routes on one server: what bare-server-process.ts runs. */
export async function bareServer(databaseUrl: string, tenantId: string): Promise<Baseline> {
  // Connections held while idle, so none opens between measured blocks: opening one is work of its own.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, idleTimeoutMillis: 0, application_name: BARE_APPLICATION_NAME });
  await bareCreateTable(pool);
  const app = express();
  app.get('/envelopes/:id', bareGetRoute(pool, tenantId));
  app.post('/envelopes', ...bareCreateRoutes(pool));
  return served(app, pool);
}

/**
 * The bare server (both routes) in a process of its own, with a heap of its own: what the host allows a
 * minimal server, apart from anything Signet's process (its heap, its background work) costs a
 * baseline that shares it; and a process whose CPU can be read alone.
 */
export async function bareServerInOwnProcess(databaseUrl: string, tenantId: string): Promise<Baseline & { pid: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'bare-server-process.ts'), databaseUrl, tenantId], { stdio: ['pipe', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening (\S+)/.exec(output);
      if (found?.[1]) resolve(found[1]);
    });
    child.once('exit', (code) => reject(new Error(`the bare server process ended (${code}) before listening`)));
  });
  return {
    url,
    pid: child.pid as number,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
    }
  };
}

/** A raw node server that writes the PUT body to a file on disk: the floor for storing an upload. */
export async function bareUploadServer(): Promise<Baseline> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'signet-bench-bare-upload-'));
  let count = 0;
  const server = http.createServer((req, res) => {
    count += 1;
    const file = path.join(folder, `upload-${count}`);
    pipeline(req, createWriteStream(file)).then(() => {
      res.end('{}');
      rmSync(file, { force: true });
    }, () => {
      res.statusCode = 500;
      res.end('{}');
    });
  });
  const url = await listening(server);
  return { url, close: async () => { server.close(); rmSync(folder, { recursive: true, force: true }); } };
}
