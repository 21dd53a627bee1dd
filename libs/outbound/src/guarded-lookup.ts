import dns, { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { AddressPolicy } from './address-policy';

/** The DNS resolution an outbound request uses; tests replace it to make a name resolve where they need. */
export type Resolve = (hostname: string, options: dns.LookupAllOptions, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

export const systemResolve: Resolve = (hostname, options, callback) => dns.lookup(hostname, options, callback);

export class RefusedAddressError extends Error {
  readonly code = 'ERR_ADDRESS_REFUSED';

  constructor(message: string) {
    super(message);
    this.name = 'RefusedAddressError';
  }
}

/**
 * A `lookup` for http.request that hands the socket only addresses the policy allows. The check happens
 * on the addresses the socket is about to connect to, so a name that resolved to a public address when
 * it was checked and to 127.0.0.1 now (DNS rebinding) is still refused.
 */
export function guardedLookup(policy: AddressPolicy, resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { family: options.family, hints: options.hints, all: true }, (error, addresses) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const allowed = addresses.filter((entry) => policy.refusal(entry.address) === null);
      if (allowed.length === 0) {
        const reasons = addresses.map((entry) => `${entry.address} (${policy.refusal(entry.address)})`).join(', ');
        callback(new RefusedAddressError(`refused: ${hostname} resolves only to addresses ${policy.purpose} may not reach: ${reasons || 'none'}`), '', 0);
        return;
      }
      if (options.all) {
        callback(null, allowed);
        return;
      }
      const first = allowed[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}
