import { endianness } from 'node:os';
import * as pkcs11js from 'pkcs11js';

/** The part of a PKCS#11 setup that is wrong, so a caller can name its own setting for it. */
export type Pkcs11Setting = 'module' | 'token' | 'pin' | 'key' | 'certificate';

export class Pkcs11SetupError extends Error {
  constructor(readonly setting: Pkcs11Setting, message: string) {
    super(message);
    this.name = 'Pkcs11SetupError';
  }
}

export interface TokenOptions {
  /** The PKCS#11 module (a .so): SoftHSM2's, a network HSM's client, a cloud HSM's. */
  module: string;
  /** The token by its label, or by the id of the slot it is in: one of the two. */
  tokenLabel?: string;
  slotId?: bigint;
  /** The user PIN. */
  pin: string;
}

export interface TokenSession {
  pkcs11: pkcs11js.PKCS11;
  session: Buffer;
  close(): void;
}

/**
 * A module is loaded and initialized once per process, however many sessions use it (the seal's, the
 * signer CA's, each act's): a second C_Initialize is refused, and C_Finalize would end every session.
 * The last session to close finalizes it.
 */
const modules = new Map<string, { pkcs11: pkcs11js.PKCS11; sessions: number }>();

function acquireModule(path: string): pkcs11js.PKCS11 {
  const loaded = modules.get(path);
  if (loaded) {
    loaded.sessions++;
    return loaded.pkcs11;
  }
  const pkcs11 = new pkcs11js.PKCS11();
  try {
    pkcs11.load(path);
    pkcs11.C_Initialize();
  } catch (error) {
    throw new Pkcs11SetupError('module', `cannot be loaded and initialized (${(error as Error).message})`);
  }
  modules.set(path, { pkcs11, sessions: 1 });
  return pkcs11;
}

function releaseModule(path: string): void {
  const loaded = modules.get(path);
  if (!loaded || --loaded.sessions > 0) return;
  modules.delete(path);
  loaded.pkcs11.C_Finalize();
}

/** Opens a logged-in read-write session on the token `options` names. */
export function openTokenSession(options: TokenOptions): TokenSession {
  const pkcs11 = acquireModule(options.module);
  try {
    const session = pkcs11.C_OpenSession(findSlot(pkcs11, options), pkcs11js.CKF_RW_SESSION | pkcs11js.CKF_SERIAL_SESSION);
    login(pkcs11, session, options.pin);
    return {
      pkcs11,
      session,
      close() {
        pkcs11.C_CloseSession(session);
        releaseModule(options.module);
      }
    };
  } catch (error) {
    releaseModule(options.module);
    throw error;
  }
}

/** A CK_ULONG attribute or handle (slot ids, key types), as the module wrote it: native byte order. */
export function ulongOf(value: Buffer): bigint {
  const littleEndian = endianness() === 'LE';
  if (value.length === 8) return littleEndian ? value.readBigUInt64LE() : value.readBigUInt64BE();
  return BigInt(littleEndian ? value.readUInt32LE() : value.readUInt32BE());
}

function findSlot(pkcs11: pkcs11js.PKCS11, options: TokenOptions): Buffer {
  if ((options.tokenLabel === undefined) === (options.slotId === undefined)) {
    throw new Pkcs11SetupError('token', 'name the token by its label or by its slot id, one of the two');
  }
  // Tokens not yet initialized (SoftHSM always offers a free one) can hold no key: left out.
  const slots = pkcs11.C_GetSlotList(true)
    .map((handle) => ({ handle, id: ulongOf(handle), info: pkcs11.C_GetTokenInfo(handle) }))
    .filter((slot) => (slot.info.flags & pkcs11js.CKF_TOKEN_INITIALIZED) !== 0)
    .map((slot) => ({ ...slot, label: slot.info.label.trim() }));
  const found = slots.find((slot) => (options.tokenLabel === undefined ? slot.id === options.slotId : slot.label === options.tokenLabel));
  if (found) return found.handle;
  const present = slots.map((slot) => `"${slot.label}" in slot ${slot.id}`).join(', ') || 'none';
  const wanted = options.tokenLabel === undefined ? `in slot ${options.slotId}` : `labelled "${options.tokenLabel}"`;
  throw new Pkcs11SetupError('token', `names no token of the module: none ${wanted} (tokens: ${present})`);
}

function login(pkcs11: pkcs11js.PKCS11, session: Buffer, pin: string): void {
  try {
    pkcs11.C_Login(session, pkcs11js.CKU_USER, pin);
  } catch (error) {
    // Login belongs to the application, not the session: another open session may have done it.
    if ((error as Error).message === 'CKR_USER_ALREADY_LOGGED_IN') return;
    throw new Pkcs11SetupError('pin', `was refused by the token (${(error as Error).message})`);
  }
}
