import type { Clock } from '@signet/service';
import { CONSUMER } from '../schedule-deliveries';
import type { DeliveryStore } from '../store/delivery-store';

const DAY_MS = 86_400_000;

/** Retention: finished deliveries, their attempts and events, and inbox rows older than `retentionDays` go. */
export function pruneDeliveries(deliveries: DeliveryStore, clock: Clock, retentionDays: number) {
  return () => deliveries.prune(new Date(clock().getTime() - retentionDays * DAY_MS), CONSUMER);
}
