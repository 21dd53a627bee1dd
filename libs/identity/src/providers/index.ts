export * from './stripe-identity';
export { alpha3FromAlpha2 } from './country-codes';
