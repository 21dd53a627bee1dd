import { Settings, SettingsInput, TSchema } from '@signet/contracts';
import { defaultLocalization, languageOfKey } from '@signet/i18n';

/** A sparse tree of explicitly set values in canonical form; `null` in a patch means "back to default". */
export type Overrides = { [key: string]: unknown };

function isTree(value: unknown): value is Overrides {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The canonical schema at a path decides a leaf's type: the input form's strings become booleans and numbers. */
function canonicalLeaf(schema: TSchema | undefined, value: unknown): unknown {
  if (value === null || schema === undefined) return value;
  const numericEnum = Array.isArray(schema.enum) && schema.enum.every((option: unknown) => typeof option === 'number');
  // A nullable integer (expire_after_days) is an anyOf of the integer and null.
  const integer = schema.type === 'integer' || (Array.isArray(schema.anyOf) && schema.anyOf.some((option: TSchema) => option.type === 'integer'));
  if (schema.type === 'boolean') return value === true || value === 'TRUE' || value === 'true';
  // A threshold (0 to 1) arrives from a multipart form as its decimal digits.
  if (schema.type === 'number' && typeof value === 'string') return Number(value);
  if ((integer || numericEnum) && typeof value === 'string') return Number(value);
  return value;
}

function canonicalize(schema: TSchema | undefined, input: Overrides): Overrides {
  const result: Overrides = {};
  for (const [name, value] of Object.entries(input)) {
    const child = schema?.properties?.[name] as TSchema | undefined;
    result[name] = isTree(value) ? canonicalize(child, value) : canonicalLeaf(child, value);
  }
  return result;
}

/** Validated input -> canonical patch (TRUE/"true" -> true, "1" -> 1, logo DEFAULT -> null). */
export function patchFromInput(input: SettingsInput): Overrides {
  const patch = canonicalize(Settings, input as Overrides);
  const branding = patch.branding;
  if (isTree(branding) && branding.logo === 'DEFAULT') branding.logo = null;
  return patch;
}

/** Applies a patch to stored overrides: values replace, nested trees merge, null removes the override. */
export function applyPatch(overrides: Overrides, patch: Overrides): Overrides {
  const result: Overrides = { ...overrides };
  for (const [name, value] of Object.entries(patch)) {
    const current = result[name];
    if (value === null) delete result[name];
    else if (isTree(value)) result[name] = applyPatch(isTree(current) ? current : {}, value);
    else result[name] = value;
  }
  return result;
}

/** Defaults with the overrides laid over them: every field present. */
export function resolveSettings(defaults: Settings, overrides: Overrides): Settings {
  return applyPatch(withCustomisedLanguages(defaults, overrides) as unknown as Overrides, overrides) as unknown as Settings;
}

/** A language beyond en and es is stored once customised, complete: its defaults from the catalogue under the overrides. */
function withCustomisedLanguages(defaults: Settings, overrides: Overrides): Settings {
  const customised = isTree(overrides.localization) ? Object.keys(overrides.localization).filter((key) => !(key in defaults.localization)) : [];
  const languages = customised.map(languageOfKey).filter((found) => found !== null);
  if (languages.length === 0) return defaults;
  const added = Object.fromEntries(languages.map((found) => [found.key, defaultLocalization(found)]));
  return { ...defaults, localization: { ...defaults.localization, ...added } };
}
