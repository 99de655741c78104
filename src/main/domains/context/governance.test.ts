/**
 * The governance rules on intents: whole words and package names (never substrings), aliases,
 * case, disabled modules and tables without a policy; and the state file's checks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GovernanceState } from '../../../shared/context-records';
import { activeStack, directivesOf, violationsOf, wordsOf } from './governance';
import { parseState } from './state';

const fixture = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'logic64-state.json'), 'utf8')) as GovernanceState;
const rules = (intent: string) => violationsOf(intent, fixture).map((v) => v.rule);
const reasons = (intent: string) => violationsOf(intent, fixture).map((v) => v.reason);

describe('governance matching', () => {
  it('splits words as package names: scopes kept, sentence marks and slashes between names dropped', () => {
    expect(wordsOf('Use @reduxjs/toolkit, or Redux/Zustand (express.js).')).toEqual(['use', '@reduxjs/toolkit', 'or', 'redux', 'zustand', 'express.js']);
  });

  it('matches whole words only: "expression" is not "express", "reduxy" is not "redux"', () => {
    expect(rules('Add a regular expression validator')).toEqual([]);
    expect(rules('Parse the expressions of a reduxy DSL')).toEqual([]);
    expect(rules('Add an Express server')).toEqual(['stack.forbidden']);
    expect(rules('build it on express.js')).toEqual(['stack.forbidden']);
    expect(rules('compile css-modules-loader')).toEqual([]);
    expect(rules('style it with CSS-Modules')).toEqual(['stack.forbidden']);
  });

  it('is case-insensitive and knows the aliases: redux is also @reduxjs/toolkit and "redux toolkit"', () => {
    for (const intent of ['Set up REDUX for the cart', 'install @reduxjs/toolkit', 'manage state with Redux Toolkit', 'wire react-redux into the app']) {
      expect(rules(intent)).toEqual(['stack.forbidden']);
    }
    expect(rules('a redux-saga free toolkit')).toEqual([]);
    // The state's own aliases, and its own "instead".
    expect(reasons('store it in Mongo Atlas')).toEqual(['Stack Violation: mongo atlas (MongoDB) is forbidden by logic64-state.json (stack.forbidden). Use supabase-postgres.']);
  });

  it('names the rule and the allowed alternative: the layer it competes with, or the allowed stack', () => {
    expect(reasons('Use Redux for the cart state')).toEqual(['Stack Violation: Redux is forbidden by logic64-state.json (stack.forbidden). Use server-actions (stack.state_management).']);
    expect(reasons('add an express route')[0]).toBe('Stack Violation: express is forbidden by logic64-state.json (stack.forbidden). Use hono-edge (stack.backend).');
    const bare: GovernanceState = { stack: { forbidden: ['lodash'], required: ['next', 'zod'] } };
    expect(violationsOf('import lodash', bare)[0].reason).toBe('Stack Violation: lodash is forbidden by logic64-state.json (stack.forbidden). Use the allowed stack: next, zod.');
  });

  it('rejects an intent that needs a disabled module, by its name, its words or its provider', () => {
    expect(rules('Add a Stripe checkout page')).toEqual(['modules.payments.enabled']);
    expect(rules('charge monthly payments')).toEqual(['modules.payments.enabled']);
    expect(reasons('add a billing page')[0]).toBe(
      'Module Violation: "billing" needs the payments module, which is disabled in logic64-state.json (modules.payments.enabled = false). Enable it in the studio first.',
    );
    // Enabled modules pass.
    expect(rules('Create a login form')).toEqual([]);
  });

  it('rejects code touching a table whose rls_policy is none or missing, singular or plural', () => {
    expect(rules('write to the audit_log table')).toEqual(['schema.tables.audit_log.rls_policy']);
    const missing: GovernanceState = { schema: { tables: [{ name: 'invoices', columns: [] }] } };
    expect(violationsOf('list the invoice rows', missing).map((v) => v.reason)).toEqual([
      'Security Violation: table invoices has no row-level-security policy in logic64-state.json (rls_policy: missing); no code may touch it. Give it a policy in the studio first.',
    ]);
    expect(rules('Add comments to a project')).toEqual([]);
  });

  it('reports every rule broken, in a fixed order', () => {
    expect(rules('Use redux to cache payments in audit_log')).toEqual(['stack.forbidden', 'modules.payments.enabled', 'schema.tables.audit_log.rls_policy']);
  });

  it('gives the rules as directives, and the stack without its lists', () => {
    expect(activeStack(fixture)).toEqual({ frontend: 'nextjs-app-router', backend: 'hono-edge', database: 'supabase-postgres', styling: 'tailwind-shadcn', state_management: 'server-actions' });
    const directives = directivesOf(fixture);
    expect(directives).toContain('Forbidden: Redux (also @reduxjs/toolkit, redux toolkit, redux-toolkit, react-redux, rtk). Use server-actions (stack.state_management).');
    expect(directives).toContain('Module payments: disabled: intents that need it are rejected.');
    expect(directives).toContain('Table audit_log: no RLS policy: code touching it is rejected.');
    expect(directives).toContain('New files go under: components components/ui/, lib lib/, actions app/_actions/.');
  });
});

describe('the state file', () => {
  it('accepts the anchor\'s shape and keeps keys it does not know', () => {
    const parsed = parseState(JSON.stringify({ ...fixture, extra: { kept: true } }));
    expect(parsed).toMatchObject({ state: { extra: { kept: true }, meta: { name: 'BinaaTrack SaaS' } } });
  });

  it('names the file and the problem when it is not JSON or not the shape', () => {
    expect(parseState('{ "stack": ')).toEqual({ error: expect.stringMatching(/^logic64-state\.json is not valid JSON: /) });
    expect(parseState(JSON.stringify({ stack: { forbidden: [42] } }))).toEqual({ error: expect.stringMatching(/^logic64-state\.json does not have the governance state's shape: stack\.forbidden\.0: /) });
    expect(parseState(JSON.stringify({ modules: { auth: { enabled: 'yes' } } }))).toMatchObject({ error: expect.stringContaining('modules.auth.enabled') });
    expect(parseState(JSON.stringify({ directories: { lib: '../outside' } }))).toMatchObject({ error: expect.stringContaining('directories.lib: a directory is a workspace-relative path') });
    expect(parseState(JSON.stringify({ directories: { lib: '/etc' } }))).toMatchObject({ error: expect.stringContaining('directories.lib') });
  });
});
