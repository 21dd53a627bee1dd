import type { PartName } from '@signet/config';
import type { Migration } from '@signet/db';
import { createEnvelopeService, envelopeMigrations } from '@signet/envelope';
import { createEvidenceService, evidenceMigrations } from '@signet/evidence';
import { createGatewayService, gatewayMigrations } from '@signet/gateway';
import type { ServiceDeps, SignetService } from '@signet/service';
import { createSettingsService, settingsMigrations } from '@signet/settings';
import { createUploadService, uploadMigrations } from '@signet/upload';
import { createValidationService, validationMigrations } from '@signet/validation';
import { createWebhookDeliveryService, webhookDeliveryMigrations } from '@signet/webhook-delivery';

export interface PartDefinition {
  create(deps: ServiceDeps): SignetService;
  migrations: readonly Migration[];
}

/**
 * The parts this build can run, in start order (the gateway last, once the services it routes to listen).
 * `--target=all` means every part listed here.
 */
export const REGISTRY: Partial<Record<PartName, PartDefinition>> = {
  settings: { create: createSettingsService, migrations: settingsMigrations },
  envelope: { create: createEnvelopeService, migrations: envelopeMigrations },
  upload: { create: createUploadService, migrations: uploadMigrations },
  'webhook-delivery': { create: createWebhookDeliveryService, migrations: webhookDeliveryMigrations },
  validation: { create: createValidationService, migrations: validationMigrations },
  evidence: { create: createEvidenceService, migrations: evidenceMigrations },
  gateway: { create: createGatewayService, migrations: gatewayMigrations }
};

export const AVAILABLE_PARTS = Object.keys(REGISTRY) as PartName[];
