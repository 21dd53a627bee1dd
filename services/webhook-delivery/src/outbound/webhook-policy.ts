import { addressPolicy, AddressPolicy } from '@signet/outbound';

/** The address policy of webhook deliveries, whose refusals name webhooks and the switch that allows loopback. */
export function webhookPolicy(allowLoopback: boolean): AddressPolicy {
  return addressPolicy({ allowLoopback, purpose: 'webhooks', loopbackSwitch: 'WEBHOOK_ALLOW_LOOPBACK' });
}
