import { cpus } from 'node:os';
import type { BenchDocument } from './results';

type Row = [figure: string, signet: string, baseline: string, ratio: string];

const ms = (value: unknown) => `${value} ms`;
const errors = (count: number | undefined) => (count ? ` (${count} errors)` : '');

function envelopeRows({ envelopes: run, ratios }: BenchDocument): Row[] {
  if (!run) return [];
  const alone = run.host_check.bare_express_pg_get_own_process;
  return [
    [`GET envelope, concurrency ${run.concurrency}`, `${run.envelope_get.per_second} req/s, p99 ${ms(run.envelope_get.p99_ms)}${errors(run.envelope_get.errors)}`,
      `${run.bare_express_pg_get.per_second} req/s, p99 ${ms(run.bare_express_pg_get.p99_ms)} (alone in its own process: ${alone.per_second} req/s, p99 ${ms(alone.p99_ms)})`, `\`get_vs_bare\` ${ratios.get_vs_bare}`],
    [`create envelope (1 recipient, 1-page PDF), concurrency ${run.concurrency}`, `${run.envelope_create.per_second} req/s, p99 ${ms(run.envelope_create.p99_ms)}${errors(run.envelope_create.errors)}`,
      `${run.bare_multer_insert_create.per_second} req/s, p99 ${ms(run.bare_multer_insert_create.p99_ms)}`, `\`create_vs_bare\` ${ratios.create_vs_bare}`],
    ['RSS / heap after 1,000 and 10,000 GETs', `${run.memory.rss_mb_after_first_1000_gets} / ${run.memory.rss_mb_after_10000_gets} MB, heap ${run.memory.heap_used_mb_after_first_1000_gets} / ${run.memory.heap_used_mb_after_10000_gets} MB`,
      '', `growth ${run.memory.growth_ratio}`]
  ];
}

type CpuRun = NonNullable<BenchDocument['cpu_per_request']>;

function statementRows(statements: CpuRun['postgres_statements']): Row[] {
  if (!statements) return [];
  const shares = (of: typeof statements.create.signet) => `${of.exec_us_per_request} µs: ${of.top.slice(0, 4)
    .map((share) => `${share.exec_us_per_request} µs ×${share.calls_per_request} \`${share.statement.slice(0, 48).replaceAll('|', '\\|')}…\``).join('; ')}`;
  return [['PostgreSQL execution time per create, by statement (`pg_stat_statements`, all rounds)', shares(statements.create.signet), shares(statements.create.bare),
    `Signet's statements alone ÷ the bare server's whole create: ${statements.signet_create_exec_vs_bare_create_total}`]];
}

function cpuRows({ cpu_per_request: run }: BenchDocument): Row[] {
  if (!run) return [];
  const side = (figures: typeof run.get.signet) => `${figures.total_us} µs (node ${figures.node_us} + PostgreSQL ${figures.postgres_us}), rounds ${figures.spread_total_us.join('-')} µs${errors(figures.errors)}`;
  const ratio = (figures: typeof run.ratios.get) => `${figures.median} (rounds ${figures.spread.join('-')}; limit ${figures.limit}: ${figures.requirement})`;
  const idle = run.idle_ms_per_s;
  return [
    [`CPU per GET envelope, median of ${run.rounds} rounds`, side(run.get.signet), side(run.get.bare), ratio(run.ratios.get)],
    ['CPU per create envelope (1 recipient, 1-page PDF), its background work included', side(run.create.signet), side(run.create.bare), ratio(run.ratios.create)],
    ...statementRows(run.postgres_statements),
    ['idle CPU, monolith mode', `node ${idle.signet_node} ms/s, PostgreSQL ${idle.postgres_beside_signet} ms/s`, `node ${idle.bare_node} ms/s`, `limit ${idle.limit} ms/s each: ${idle.requirement}`],
    [`connections closed under steady load (${run.concurrency} clients), both servers on one database`, `${run.connections.closed_during_rounds} closed, ${run.connections.opened_during_rounds} opened (pools growing), ${run.connections.open_after_rounds} open after`, '', run.connections.requirement]
  ];
}

function uploadRows({ uploads: run, ratios }: BenchDocument): Row[] {
  if (!run) return [];
  return [[`${run.file_mb} MB upload`, `${run.through_gateway_mb_per_s} MB/s, RSS +${run.rss_growth_mb_during_upload} MB${errors(run.errors)}`,
    `${run.bare_put_to_disk_mb_per_s} MB/s, RSS +${run.bare_rss_growth_mb_during_upload} MB`, `\`upload_vs_bare\` ${ratios.upload_vs_bare}`]];
}

function deliveryRows({ webhooks, microservices }: BenchDocument): Row[] {
  const rows: Row[] = [];
  if (webhooks) {
    const latency = webhooks.event_to_receiver_ms;
    const sustained = webhooks.sustained_deliveries;
    rows.push(['send_invitation to webhook, monolith', `p50 ${ms(latency.p50_ms)}, p99 ${ms(latency.p99_ms)}`, '', '']);
    rows.push([`webhook deliveries, ${sustained.deliveries} due at once`, `${sustained.per_second} a second (${sustained.webhooks} webhooks, concurrency ${sustained.concurrency})`, '', '']);
  }
  if (microservices) {
    const latency = microservices.event_to_receiver_ms;
    rows.push(['send_invitation to webhook, microservices on the mock broker', `p50 ${ms(latency.p50)}, p99 ${ms(latency.p99)}${errors(latency.errors)}`, '', '']);
  }
  return rows;
}

function evidenceRows({ evidence: run }: BenchDocument): Row[] {
  if (!run) return [];
  const shape = `${run.envelope.recipients} recipients, ${run.envelope.timeline_entries} timeline entries`;
  return [[`evidence sheet (${shape}): first render / cached`, `p50 ${ms(run.first_render.p50_ms)} / ${ms(run.cached.p50_ms)}`, '', '']];
}

function signerPageRows({ signer_page: run }: BenchDocument): Row[] {
  if (!run) return [];
  const pages = (key: string) => run[key] as { first_page_visible_ms_p50: number; all_pages_drawn_ms_p50: number; errors: number } | undefined;
  return ['pages_1', 'pages_50'].flatMap((key): Row[] => {
    const figures = pages(key);
    if (!figures) return [];
    return [[`signer page, ${key.slice('pages_'.length)}-page contract: first page / all pages drawn`,
      `${ms(figures.first_page_visible_ms_p50)} / ${ms(figures.all_pages_drawn_ms_p50)}${errors(figures.errors)}`, `page without a document: ${ms(run.baseline_plain_page_first_paint_ms)}`, '']];
  });
}

function sealingRows({ sealing: run }: BenchDocument): Row[] {
  if (!run) return [];
  return ([['1 page', run.pages_1], ['300 pages', run.pages_300]] as const).map(([pages, figures]): Row => [
    `sealing, ${pages}: B-B / B-LTA`, `${ms(figures.b_b.p50_ms)} / ${ms(figures.b_lta.p50_ms)}`, `SHA-256 + RSA ${ms(figures.bare_sha256_rsa_sign.p50_ms)}`, `B-LTA ÷ B-B ${figures.ratios.b_lta_vs_b_b}`
  ]);
}

function signatureLevelRows({ signature_levels: run }: BenchDocument): Row[] {
  if (!run) return [];
  const { seal, advanced, signature_adds: adds, ratios, requirement } = run;
  const envelope = `${run.envelope.recipients} signer, ${run.envelope.pages}-page PDF, ${run.envelope.placements} placement`;
  const sign = (level: typeof seal) => `p50 ${ms(level.sign_p50_ms)}, p95 ${ms(level.sign_p95_ms)}, CPU ${ms(level.sign_cpu_p50_ms)}${errors(level.errors)}`;
  return [
    [`sign at level advanced (${envelope}), ${advanced.signings} signings; baseline: level seal, ${seal.signings}`, sign(advanced), sign(seal),
      `one signature adds ${ms(adds.sign_p50_ms)} (p50), ${ms(adds.sign_cpu_p50_ms)} CPU; advanced ÷ seal ${ratios.sign_p50_advanced_vs_seal}, CPU ${ratios.sign_cpu_advanced_vs_seal}`],
    ['sign to envelope.success, and CPU of sign + completion: advanced / seal', `p50 ${ms(advanced.completion_p50_ms)}, CPU ${ms(advanced.sign_and_completion_cpu_p50_ms)}`,
      `p50 ${ms(seal.completion_p50_ms)}, CPU ${ms(seal.sign_and_completion_cpu_p50_ms)}`,
      `advanced ÷ seal ${ratios.completion_advanced_vs_seal}; one signature adds ${ms(adds.sign_and_completion_cpu_p50_ms)} CPU to the envelope`],
    [`requirement: sign at level advanced p50 ≤ ${ms(requirement.limit_ms)}`, ms(requirement.advanced_sign_p50_ms), '', requirement.result]
  ];
}

function searchRows({ search: run }: BenchDocument): Row[] {
  if (!run) return [];
  const cases = Object.entries(run as Record<string, unknown>).flatMap(([name, figures]) =>
    typeof figures === 'object' && figures !== null && 'index_scan' in figures ? [[name, figures as { http_p99_ms: number; index_scan: boolean }] as const] : []);
  const firstPages = cases.filter(([name]) => name.startsWith('first_page')).map(([, figures]) => figures.http_p99_ms);
  const deep = cases.find(([name]) => name === 'deep_page')?.[1];
  return [[`list envelopes, ${run.envelopes_in_tenant.toLocaleString('en-US')} in the tenant`,
    `p99 ${Math.min(...firstPages)}-${ms(Math.max(...firstPages))} per filter${deep ? `, ${ms(deep.http_p99_ms)} deep in a cursor walk` : ''}`,
    `GET by id p99 ${ms(run.baseline_get_by_id.http_p99_ms)}`, cases.every(([, figures]) => figures.index_scan) ? 'index scans only' : 'a sequential scan']];
}

function identityRows({ identity: run }: BenchDocument): Row[] {
  if (!run) return [];
  const { document_check: document, selfie_check: selfie, memory } = run;
  return [
    ['identity: document check (passport MRZ and portrait), one worker: first call / p50', `${ms(document.first_call_ms)} / ${ms(document.p50_ms)}`, `intake of three images p50 ${ms(run.baseline_intake_three_images.p50_ms)}`, ''],
    ['identity: selfie check (three frames): first call / p50', `${ms(selfie.first_call_ms)} / ${ms(selfie.p50_ms)}`, '', ''],
    [`identity: RSS before / engines loaded / after ${run.runs * 2} checks`, `${memory.rss_mb_before} / ${memory.rss_mb_engines_loaded} / ${memory.rss_mb_after_verifications} MB`, '', `growth ${memory.rss_growth_mb_during_verifications} MB`]
  ];
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** docs/benchmarks.md: what the benches measure, and the latest run's figures as one table. */
export function renderBenchmarksDoc(document: BenchDocument, command: string): string {
  const rows = [envelopeRows, cpuRows, uploadRows, deliveryRows, evidenceRows, signerPageRows, sealingRows, signatureLevelRows, searchRows, identityRows].flatMap((rows) => rows(document));
  return [
    '# Benchmarks',
    '',
    `<!-- Written by \`npm run bench\` from the run's JSON; earlier runs are in this file's git history. -->`,
    '',
    '`npm run bench` prints one JSON document in which every Signet figure stands beside a baseline doing the',
    'same work in the same run, measured in rounds taken in turn (Signet, baseline, Signet, ...), and writes',
    'this page from it. Read the ratios, not the rates: the same command varies by a fifth or more from run to',
    'run on a shared host, the baselines as much as Signet. What each bench does is described in',
    '[bench/README.md](../bench/README.md).',
    '',
    `Latest run: \`${command}\`, ${document.measured_at.replace('T', ' ').slice(0, 16)} UTC, ${cpus().length} CPUs.`,
    '',
    '| figure | Signet | baseline | ratio |',
    '| --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
    ''
  ].join('\n');
}
