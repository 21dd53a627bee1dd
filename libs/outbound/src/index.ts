export { addressPolicy, ipLiteralOf } from './address-policy';
export type { AddressPolicy, AddressPolicyOptions } from './address-policy';
export { fetchPublicFile } from './fetch-public-file';
export type { FetchPublicFileOptions, PublicFile } from './fetch-public-file';
export { guardedLookup, RefusedAddressError, systemResolve } from './guarded-lookup';
export type { Resolve } from './guarded-lookup';
export * from './public-image';
