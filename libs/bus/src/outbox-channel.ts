/** The channel on which a committed outbox write wakes the relays; the payload is the writer's schema. */
export const OUTBOX_CHANNEL = 'signet_outbox';
