/**
 * `{{name}}` placeholders, as the e2e.yaml (`{{env.X}}`, `{{config.x}}`), the mocks' responses
 * (`{{request.body.a}}`, `{{uuid}}`) and the yaml steps (`{{userId}}`) use them. A string that is one
 * placeholder alone becomes the value itself, of its own type (a number stays a number); inside
 * longer text a value is written as text (objects as JSON, null and undefined as nothing).
 */

/** The value a placeholder stands for, or undefined to leave the placeholder as it is written. */
export type TemplateLookup = (name: string) => { value: unknown } | undefined;

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.$-]+)\s*\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{\s*([A-Za-z0-9_.$-]+)\s*\}\}$/;

/** The placeholder's name when `text` is one placeholder alone. */
export function wholePlaceholder(text: string): string | undefined {
  return WHOLE_PLACEHOLDER.exec(text)?.[1];
}

export function renderString(text: string, lookup: TemplateLookup): unknown {
  if (!text.includes('{{')) return text;
  const whole = wholePlaceholder(text);
  if (whole !== undefined) {
    const found = lookup(whole);
    return found ? found.value : text;
  }
  return text.replace(PLACEHOLDER, (all, name: string) => {
    const found = lookup(name);
    return found ? textOf(found.value) : all;
  });
}

/** Renders every string in a JSON-like value (object keys are left alone). */
export function renderValue(value: unknown, lookup: TemplateLookup): unknown {
  if (typeof value === 'string') return renderString(value, lookup);
  if (Array.isArray(value)) return value.map((v) => renderValue(v, lookup));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderValue(v, lookup)]));
  }
  return value;
}

export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Whether any string in the value holds a placeholder. */
export function hasPlaceholder(value: unknown): boolean {
  return value !== undefined && JSON.stringify(value).includes('{{');
}

/** The value at a dotted path (`a.b.0.c`), with whether it is there. */
export function valueAt(root: unknown, path: readonly string[]): { found: boolean; value?: unknown } {
  let v = root;
  for (const key of path) {
    if (v === null || typeof v !== 'object' || !Object.prototype.hasOwnProperty.call(v, key)) return { found: false };
    v = (v as Record<string, unknown>)[key];
  }
  return { found: true, value: v };
}
