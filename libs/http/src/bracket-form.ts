import { validationError } from './app-error';

export interface BracketFormLimits {
  maxFields: number;
  maxDepth: number;
}

export const DEFAULT_BRACKET_FORM_LIMITS: BracketFormLimits = { maxFields: 2000, maxDepth: 8 };

/** Keys that would reach Object.prototype (or a constructor's) if assigned on a plain object. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export type FormTree = { [key: string]: string | FormTree };

function splitFieldName(name: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]+\])*)$/.exec(name);
  if (!match) return null;
  const rest = match[2] ?? '';
  return [match[1] as string, ...Array.from(rest.matchAll(/\[([^[\]]+)\]/g), (m) => m[1] as string)];
}

/**
 * Turns form fields named in bracket notation (`settings[emails][envelope_voided]=FALSE`) into a nested
 * object. Refuses, with a 422 naming the field, anything that could pollute prototypes, names that are
 * not plain bracket paths, paths deeper or forms larger than the limits, and a name that is used both
 * as a value and as a parent.
 */
export function parseBracketForm(fields: Iterable<[string, string]>, limits: BracketFormLimits = DEFAULT_BRACKET_FORM_LIMITS): FormTree {
  const root: FormTree = {};
  let count = 0;
  for (const [name, value] of fields) {
    count += 1;
    if (count > limits.maxFields) throw validationError([{ field: name, message: `at most ${limits.maxFields} form fields are accepted` }]);
    const path = splitFieldName(name);
    if (!path) throw validationError([{ field: name, message: 'is not a valid field name (use key[sub][...])' }]);
    if (path.length > limits.maxDepth) throw validationError([{ field: name, message: `nests deeper than ${limits.maxDepth} levels` }]);
    if (path.some((segment) => FORBIDDEN_KEYS.has(segment))) throw validationError([{ field: name, message: 'uses a reserved key' }]);
    assign(root, path, value, name);
  }
  return root;
}

function assign(root: FormTree, path: string[], value: string, name: string): void {
  let node = root;
  for (const segment of path.slice(0, -1)) {
    const existing = Object.hasOwn(node, segment) ? node[segment] : undefined;
    if (typeof existing === 'string') throw validationError([{ field: name, message: 'conflicts with a field of the same name' }]);
    const child: FormTree = existing ?? {};
    node[segment] = child;
    node = child;
  }
  const leaf = path[path.length - 1] as string;
  if (Object.hasOwn(node, leaf)) throw validationError([{ field: name, message: 'is given more than once' }]);
  node[leaf] = value;
}
