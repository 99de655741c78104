/**
 * The governance rules of the state applied to an intent: forbidden technologies (matched as whole
 * words and package names, case-insensitive, with their aliases: "expression" is not "express"),
 * disabled modules, and tables without a row-level-security policy. Also the rules in one line
 * each, for the manifest. Pure functions of the state and the text: deterministic.
 */
import type { ForbiddenEntry, GovernanceState, StateTable } from '../../../shared/context-records';
import { STATE_FILE } from '../../../shared/context-records';

/**
 * Other names of well-known technologies, so that a rule naming one also catches the others
 * (`redux` forbids `@reduxjs/toolkit` and "redux toolkit"). A state entry may add its own aliases.
 */
const KNOWN_ALIASES: Record<string, readonly string[]> = {
  redux: ['@reduxjs/toolkit', 'redux toolkit', 'redux-toolkit', 'react-redux', 'rtk'],
  express: ['expressjs'],
  mongodb: ['mongo', 'mongoose'],
  mobx: ['mobx-react', 'mobx-react-lite'],
  'styled-components': ['styled components'],
  'css-modules': ['css modules', 'css module'],
  'inline-styles': ['inline styles', 'inline style'],
  prisma: ['@prisma/client'],
  firebase: ['firestore', 'firebase-admin'],
  python: ['django', 'flask', 'fastapi'],
  angular: ['@angular/core', 'angularjs'],
  vue: ['vuejs', 'vue.js', 'nuxt'],
  jquery: ['$.ajax'],
  axios: [],
};

/** Which layer of the stack a technology competes with, to name the allowed alternative. */
const LAYER_OF: Record<string, string> = {
  redux: 'state_management',
  mobx: 'state_management',
  recoil: 'state_management',
  jotai: 'state_management',
  express: 'backend',
  fastify: 'backend',
  koa: 'backend',
  nestjs: 'backend',
  python: 'backend',
  mongodb: 'database',
  mysql: 'database',
  firebase: 'database',
  prisma: 'database',
  'styled-components': 'styling',
  'css-modules': 'styling',
  'inline-styles': 'styling',
  sass: 'styling',
  bootstrap: 'styling',
  vue: 'frontend',
  angular: 'frontend',
  svelte: 'frontend',
  jquery: 'frontend',
};

/** Words that name a module's work besides its own name (and its provider's). */
const MODULE_WORDS: Record<string, readonly string[]> = {
  auth: ['authentication', 'login', 'log in', 'logout', 'log out', 'sign in', 'signin', 'sign up', 'signup', 'sign out', 'password', 'oauth'],
  payments: ['payment', 'checkout', 'billing', 'invoice', 'invoices', 'subscription', 'subscriptions'],
  storage: ['upload', 'uploads', 'file upload', 'bucket', 'buckets'],
};

/** The words of a text as rules see them: lower-case runs of letters, digits and package-name marks. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const raw of text.toLowerCase().match(/[\p{L}\p{N}@._/+#$-]+/gu) ?? []) {
    // Sentence marks around a word are not part of it ("redux." "(express)").
    const word = raw.replace(/^[._/-]+|[._/-]+$/g, '');
    if (!word) continue;
    // `redux/zustand` is two words; `@reduxjs/toolkit` is one package name.
    if (word.startsWith('@')) words.push(word);
    else words.push(...word.split('/').filter(Boolean));
  }
  return words;
}

/** The forms a one-word name takes in prose: `express`, `express.js`, `expressjs`. */
function variantsOf(word: string): string[] {
  return /^[\p{L}\p{N}-]+$/u.test(word) ? [word, `${word}.js`, `${word}js`] : [word];
}

/** Whether `phrase` (one or more words) occurs in `words` as whole words, in order. */
function containsPhrase(words: readonly string[], phrase: string): boolean {
  const wanted = wordsOf(phrase);
  if (wanted.length === 0) return false;
  if (wanted.length === 1) {
    const forms = variantsOf(wanted[0]);
    return words.some((w) => forms.includes(w));
  }
  outer: for (let i = 0; i + wanted.length <= words.length; i++) {
    for (let j = 0; j < wanted.length; j++) if (words[i + j] !== wanted[j]) continue outer;
    return true;
  }
  return false;
}

/** The first of `names` the words contain, as the rule wrote it. */
export function firstNamed(words: readonly string[], names: readonly string[]): string | undefined {
  return names.find((name) => containsPhrase(words, name));
}

const keyOf = (name: string) => name.trim().toLowerCase().replace(/\s+/g, '-');

interface ForbiddenRule {
  name: string;
  names: string[];
  instead?: string;
  reason?: string;
}

function forbiddenRule(entry: ForbiddenEntry): ForbiddenRule {
  const rule = typeof entry === 'string' ? { name: entry } : entry;
  const known = KNOWN_ALIASES[keyOf(rule.name)] ?? [];
  const aliases = typeof entry === 'string' ? [] : (entry.aliases ?? []);
  return { name: rule.name, names: [rule.name, ...aliases, ...known], instead: typeof entry === 'string' ? undefined : entry.instead, reason: typeof entry === 'string' ? undefined : entry.reason };
}

/** The stack's layers (`frontend: nextjs-app-router`), without the rule lists. */
export function activeStack(state: GovernanceState | undefined): Record<string, string> {
  const stack: Record<string, string> = {};
  for (const [layer, value] of Object.entries(state?.stack ?? {})) if (typeof value === 'string') stack[layer] = value;
  return stack;
}

/** What to use instead of a forbidden technology: the rule's own word, its layer's choice, or the required stack. */
function alternativeTo(rule: ForbiddenRule, state: GovernanceState): string {
  if (rule.instead) return `Use ${rule.instead}.`;
  const layer = LAYER_OF[keyOf(rule.name)];
  const chosen = layer ? activeStack(state)[layer] : undefined;
  if (layer && chosen) return `Use ${chosen} (stack.${layer}).`;
  const allowed = [...(state.stack?.required ?? []), ...(state.stack?.allowed ?? [])];
  return allowed.length ? `Use the allowed stack: ${allowed.join(', ')}.` : 'Use the stack the state names.';
}

/** The table names an intent touches: a table named as a whole word, singular or plural. */
export function tablesNamed(words: readonly string[], tables: readonly StateTable[]): StateTable[] {
  return tables.filter((table) => {
    const name = table.name.toLowerCase();
    const singular = name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.endsWith('s') ? name.slice(0, -1) : name;
    const plural = name.endsWith('s') ? name : name.endsWith('y') ? `${name.slice(0, -1)}ies` : `${name}s`;
    return [name, singular, plural, name.replace(/_/g, ' ')].some((form) => containsPhrase(words, form));
  });
}

const hasPolicy = (table: StateTable) => !!table.rls_policy && table.rls_policy.trim().toLowerCase() !== 'none';

export interface Violation {
  /** Which rule: `stack.forbidden`, `modules.payments.enabled`, `schema.tables.comments.rls_policy`. */
  rule: string;
  reason: string;
}

/** Every rule of the state the intent breaks, in a fixed order (stack, modules, tables). */
export function violationsOf(intent: string, state: GovernanceState): Violation[] {
  const words = wordsOf(intent);
  const violations: Violation[] = [];
  for (const entry of state.stack?.forbidden ?? []) {
    const rule = forbiddenRule(entry);
    const named = firstNamed(words, rule.names);
    if (!named) continue;
    const which = named.toLowerCase() === rule.name.toLowerCase() ? rule.name : `${named} (${rule.name})`;
    violations.push({
      rule: 'stack.forbidden',
      reason: `Stack Violation: ${which} is forbidden by ${STATE_FILE} (stack.forbidden)${rule.reason ? `: ${rule.reason}` : ''}. ${alternativeTo(rule, state)}`,
    });
  }
  for (const [module, settings] of Object.entries(state.modules ?? {})) {
    if (settings.enabled) continue;
    const provider = settings.provider && settings.provider !== 'none' ? [settings.provider] : [];
    const named = firstNamed(words, [module, ...(MODULE_WORDS[module] ?? []), ...provider]);
    if (!named) continue;
    violations.push({
      rule: `modules.${module}.enabled`,
      reason: `Module Violation: "${named}" needs the ${module} module, which is disabled in ${STATE_FILE} (modules.${module}.enabled = false). Enable it in the studio first.`,
    });
  }
  for (const table of tablesNamed(words, state.schema?.tables ?? [])) {
    if (hasPolicy(table)) continue;
    violations.push({
      rule: `schema.tables.${table.name}.rls_policy`,
      reason: `Security Violation: table ${table.name} has no row-level-security policy in ${STATE_FILE} (rls_policy: ${table.rls_policy ?? 'missing'}); no code may touch it. Give it a policy in the studio first.`,
    });
  }
  return violations;
}

/** The rules in one line each, as ask_cortex applies them (for the manifest and the view). */
export function directivesOf(state: GovernanceState): string[] {
  const lines: string[] = [];
  const stack = activeStack(state);
  if (Object.keys(stack).length) lines.push(`Stack: ${Object.entries(stack).map(([layer, value]) => `${layer} ${value}`).join(', ')}.`);
  if (state.stack?.required?.length) lines.push(`Required: ${state.stack.required.join(', ')}.`);
  if (state.stack?.allowed?.length) lines.push(`Allowed: ${state.stack.allowed.join(', ')}.`);
  for (const entry of state.stack?.forbidden ?? []) {
    const rule = forbiddenRule(entry);
    const aliases = rule.names.slice(1);
    lines.push(`Forbidden: ${rule.name}${aliases.length ? ` (also ${aliases.join(', ')})` : ''}. ${alternativeTo(rule, state)}`);
  }
  for (const [module, settings] of Object.entries(state.modules ?? {})) {
    lines.push(`Module ${module}: ${settings.enabled ? `enabled${settings.provider ? ` (${settings.provider})` : ''}` : 'disabled: intents that need it are rejected'}.`);
  }
  for (const table of state.schema?.tables ?? []) {
    lines.push(hasPolicy(table) ? `Table ${table.name}: RLS ${table.rls_policy}.` : `Table ${table.name}: no RLS policy: code touching it is rejected.`);
  }
  const dirs = Object.entries(state.directories ?? {});
  if (dirs.length) lines.push(`New files go under: ${dirs.map(([kind, dir]) => `${kind} ${dir}/`).join(', ')}.`);
  lines.push('Call ask_cortex before writing code, and follow its blueprint.');
  return lines;
}
