import type { BlobStore } from '@signet/blob';
import { writeOutboxEvent } from '@signet/bus';
import type { EnvelopePayload } from '@signet/contracts';
import { AppError } from '@signet/http';
import type { Clock } from '@signet/service';
import type { Knex } from 'knex';
import type { EnvelopeIdentity, LoadIdentity } from './identity-client';
import { IDENTITY_EVENT_TYPES, identityNeeded, identitySettingsEnabled } from './identity-evidence';
import type { Logo } from './logo';
import { brandingLogoOf, type LoadLogo } from './logo-loader';
import { renderEvidencePdf } from './render-evidence-pdf';
import type { SealPdf } from './seal-client';
import type { EnvelopeSignatures, LoadSignatures } from './signatures-client';
import { timelineStore, type EvidenceRow } from './timeline-store';

/** Evidence links last a day; a cached link with less than an hour left is replaced. */
const LINK_TTL_SECONDS = 24 * 60 * 60;
const LINK_MARGIN_MS = 60 * 60_000;

export interface GeneratorDeps {
  db: Knex;
  blobs: BlobStore;
  clock: Clock;
  committed: () => void;
  /** An event recorded while rendering made the new document stale already (the timeline queued no re-render for it). */
  stillStale: (envelopeId: string) => Promise<void>;
  loadLogo: LoadLogo;
  /** The recipients' identity records (the validation part owns them); a fault throws, and nothing is rendered. */
  loadIdentity: LoadIdentity;
  /** Every signature of the envelope's signed documents (the envelope part holds them); a fault throws, and nothing is rendered. */
  loadSignatures: LoadSignatures;
  /** Seals the rendered sheet (the envelope service holds the keys). */
  seal: SealPdf;
}

/** What a render needs from outside, loaded before the lock is taken: no outbound call holds it. */
interface RenderInputs {
  logo: Logo | null;
  /** The identity records, and the timeline version read before they were asked for (they show at least that much). */
  identity: { records: EnvelopeIdentity; asOfVersion: number } | null;
  signatures: EnvelopeSignatures;
}

/** A render that finds identity events its inputs were loaded without goes round again, at most this many times. */
const MAX_PASSES = 3;

export interface EvidenceDocument {
  evidence_document_url: string;
  evidence_generated_at: string;
}

/**
 * Renders, stores and announces evidence PDFs. One render per envelope at a time: in this process a
 * caller arriving while one runs shares it; across replicas the advisory lock makes the others wait.
 */
export function createEvidenceGenerator(deps: GeneratorDeps) {
  const inFlight = new Map<string, Promise<EvidenceRow>>();

  /** Whether the stored document already shows the whole timeline (another replica may have just rendered it). */
  function current(row: EvidenceRow): boolean {
    return row.blob_key !== null && row.rendered_version !== null && row.rendered_version >= row.timeline_version;
  }

  /**
   * The logo (maybe a 5-second fetch), the signatures of the signed documents from the envelope part and,
   * when the envelope has identity checks (its settings enable one, or its timeline holds an identity
   * event), the identity records from the validation part; both asked with the envelope's tenant and the
   * API key that made it. The validation part records a check before it publishes its event, so records
   * asked for after reading the timeline version show at least what that version holds.
   */
  async function loadInputs(envelopeId: string): Promise<RenderInputs> {
    const row = await timelineStore.find(deps.db, envelopeId);
    if (!row || row.snapshot === null) throw new Error(`no evidence snapshot for envelope ${envelopeId}`);
    const asOfVersion = row.timeline_version;
    const caller = { envelopeId, tenantId: row.tenant_id, apiKeyId: row.api_key_id };
    const logo = await deps.loadLogo(brandingLogoOf(row.snapshot));
    const signatures = await deps.loadSignatures(caller);
    const needed = identitySettingsEnabled(row.snapshot) || (await timelineStore.hasEventOf(deps.db, envelopeId, IDENTITY_EVENT_TYPES));
    if (!needed) return { logo, identity: null, signatures };
    return { logo, identity: { records: await deps.loadIdentity(caller), asOfVersion }, signatures };
  }

  /**
   * Renders under a per-envelope advisory lock, so replicas take turns: one that waited finds the
   * document its peer rendered and returns it instead of rendering again. A fault reaching the envelope or
   * validation part throws before the lock: nothing is rendered, and the caller (the re-render job, or the
   * request) tries again.
   */
  async function render(envelopeId: string): Promise<EvidenceRow> {
    for (let pass = 1; pass <= MAX_PASSES; pass++) {
      const rendered = await renderWith(envelopeId, await loadInputs(envelopeId));
      if (rendered !== 'IDENTITY_ARRIVED') return rendered;
    }
    throw new AppError('SERVICE_UNAVAILABLE', `The identity records of envelope ${envelopeId} kept changing while its evidence sheet was rendered; retry shortly`);
  }

  /**
   * One render under the lock, or IDENTITY_ARRIVED when the timeline now holds identity events that the
   * inputs were loaded without (the sheet is never rendered without the records it should show).
   */
  async function renderWith(envelopeId: string, inputs: RenderInputs): Promise<EvidenceRow | 'IDENTITY_ARRIVED'> {
    let replaced: string | null = null;
    const updated = await deps.db.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`evidence:${envelopeId}`]);
      const row = await timelineStore.find(trx, envelopeId);
      if (!row || row.snapshot === null) throw new Error(`no evidence snapshot for envelope ${envelopeId}`);
      if (current(row)) return row;
      const timeline = await timelineStore.timeline(trx, envelopeId);
      if (inputs.identity === null && identityNeeded(row.snapshot, timeline)) return 'IDENTITY_ARRIVED' as const;
      // With identity records, the sheet is as new as the version they were asked after: a later event
      // leaves it stale, and it is rendered again.
      const version = inputs.identity === null ? row.timeline_version : Math.min(row.timeline_version, inputs.identity.asOfVersion);
      const generatedAt = deps.clock();
      const pdf = await deps.seal(await renderEvidencePdf(row.snapshot, timeline, generatedAt, inputs.logo, inputs.identity?.records ?? null, inputs.signatures), row.tenant_id);
      const key = `tenants/${safe(row.tenant_id)}/envelopes/${safe(envelopeId)}/evidence/${version}-${generatedAt.getTime()}.pdf`;
      await deps.blobs.put(key, pdf, { contentType: 'application/pdf' });
      const url = await deps.blobs.downloadUrl(key, { expiresInSeconds: LINK_TTL_SECONDS, fileName: `evidence-${envelopeId}.pdf` });
      const [saved] = await trx('evidence_envelopes')
        .where({ envelope_id: envelopeId })
        .update({
          rendered_version: version, blob_key: key, document_url: url, generated_at: generatedAt,
          document_url_expires_at: new Date(generatedAt.getTime() + LINK_TTL_SECONDS * 1000), render_count: trx.raw('render_count + 1')
        })
        .returning('*');
      const data = { ...(row.snapshot as EnvelopePayload), evidence_document_url: url, evidence_generated_at: generatedAt.toISOString() };
      await writeOutboxEvent(trx, { eventType: 'envelope.evidence_generated', key: envelopeId, data, context: { tenantId: row.tenant_id, apiKeyId: row.api_key_id, requestId: null }, occurredAt: generatedAt });
      replaced = row.blob_key;
      return saved as EvidenceRow;
    });
    if (updated === 'IDENTITY_ARRIVED') return updated;
    if (replaced !== null && replaced !== updated.blob_key) await deps.blobs.delete(replaced).catch(() => undefined);
    deps.committed();
    if (updated.rendered_version !== null && updated.timeline_version > updated.rendered_version) await deps.stillStale(envelopeId);
    return updated;
  }

  function renderOnce(envelopeId: string): Promise<EvidenceRow> {
    const running = inFlight.get(envelopeId);
    if (running) return running;
    const started = render(envelopeId).finally(() => inFlight.delete(envelopeId));
    inFlight.set(envelopeId, started);
    return started;
  }

  /** The cached document of a rendered envelope, with a fresh link when the cached one runs out. */
  async function cached(row: EvidenceRow): Promise<EvidenceDocument> {
    let url = row.document_url as string;
    const expiresAt = row.document_url_expires_at?.getTime() ?? 0;
    if (expiresAt - deps.clock().getTime() < LINK_MARGIN_MS) {
      url = await deps.blobs.downloadUrl(row.blob_key as string, { expiresInSeconds: LINK_TTL_SECONDS, fileName: `evidence-${row.envelope_id}.pdf` });
      // Only if the document is still the one this link is for: a re-render may have replaced (and deleted) it meanwhile.
      await deps.db('evidence_envelopes').where({ envelope_id: row.envelope_id, blob_key: row.blob_key })
        .update({ document_url: url, document_url_expires_at: new Date(deps.clock().getTime() + LINK_TTL_SECONDS * 1000) });
    }
    return { evidence_document_url: url, evidence_generated_at: (row.generated_at as Date).toISOString() };
  }

  return { renderOnce, cached };
}

export type EvidenceGenerator = ReturnType<typeof createEvidenceGenerator>;

function safe(part: string): string {
  return part.replace(/[^A-Za-z0-9_.-]/g, '_');
}
