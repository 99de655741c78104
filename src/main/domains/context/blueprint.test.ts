/**
 * Blueprints derived from the state and the studio: where a new file goes, what it imports, its
 * steps and security constraints per table, REJECTs with their reasons, and determinism.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GovernanceState } from '../../../shared/context-records';
import type { DomainSummary } from '../../../shared/domain-summary';
import { deriveBlueprint } from './blueprint';

const fixture = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'logic64-state.json'), 'utf8')) as GovernanceState;

describe('blueprint derivation', () => {
  it('scaffolds UI under the components directory, with its shadcn imports, the table it touches and its policy', () => {
    const blueprint = deriveBlueprint({ intent: 'Add a comments section with a textarea and a button to the blog post' }, fixture);
    expect(blueprint.type).toBe('SCAFFOLD');
    expect(blueprint.target_file).toBe('components/ui/comments-section-textarea.tsx');
    expect(blueprint.specs.imports).toEqual(['@/components/ui/button', '@/components/ui/textarea', '@supabase/supabase-js']);
    expect(blueprint.specs.security_constraints).toEqual([
      "comments: owner-write (only a row's owner may insert, update or delete it (check auth.uid() against the owner column))",
      'Validate every input on the server before it reaches the database.',
      'Require a signed-in user (supabase-auth) before any write.',
      'Touch only components/ui/comments-section-textarea.tsx and what the steps name (context isolation).',
    ]);
    expect(blueprint.specs.logic_steps).toEqual([
      'Use the table comments (id uuid (required), body text (required), author_id uuid (required)) through supabase-postgres; do not invent columns.',
      "Write createComment as a server action ('use server') under app/_actions: validate its input, then create the row(s).",
      'Build the UI in components/ui/comments-section-textarea.tsx with tailwind-shadcn, calling createComment.',
      'Keep it a Server Component; mark it "use client" only where it handles events.',
      'Use only the required stack: next, @supabase/supabase-js, tailwindcss, zod.',
    ]);
    expect(blueprint.compliance).toEqual({ allowed: true });
  });

  it('puts server work under actions and pure logic under lib, naming what the intent names of the allowed stack', () => {
    const action = deriveBlueprint({ intent: 'Delete a material' }, fixture);
    expect(action).toMatchObject({ type: 'SCAFFOLD', target_file: 'app/_actions/material.ts', specs: { imports: ['@supabase/supabase-js', 'next/cache'] } });
    expect(action.specs.security_constraints[0]).toBe('materials: admin-only (only admins may read or write it; never expose it to other users)');
    const lib = deriveBlueprint({ intent: 'Format due dates with date-fns' }, fixture);
    expect(lib).toMatchObject({ target_file: 'lib/format-due-dates.ts', specs: { imports: ['date-fns'] } });
    expect(lib.specs.security_constraints).toEqual(['Touch only lib/format-due-dates.ts and what the steps name (context isolation).']);
  });

  it('modifies the current file when one is given', () => {
    const blueprint = deriveBlueprint({ intent: 'Add comments section to blog', currentFile: 'app/blog/[slug]/page.tsx' }, fixture);
    expect(blueprint).toMatchObject({ type: 'MODIFY', target_file: 'app/blog/[slug]/page.tsx', compliance: { allowed: true } });
    expect(blueprint.specs.logic_steps[0]).toBe('Read app/blog/[slug]/page.tsx and change only what "Add comments section to blog" needs.');
  });

  it('rejects with every reason, keeping no plan', () => {
    const blueprint = deriveBlueprint({ intent: 'Use Redux to store payments', currentFile: 'app/page.tsx' }, fixture);
    expect(blueprint.type).toBe('REJECT');
    expect(blueprint.target_file).toBe('app/page.tsx');
    expect(blueprint.specs).toEqual({ imports: [], logic_steps: [], security_constraints: [] });
    expect(blueprint.compliance.allowed).toBe(false);
    expect(blueprint.compliance.reason).toMatch(/^Stack Violation: Redux is forbidden .* Module Violation: "payments" needs the payments module/);
  });

  it('is deterministic: the same state and intent give the same blueprint and id; another intent another id', () => {
    const a = deriveBlueprint({ intent: 'Create a login form' }, fixture);
    const b = deriveBlueprint({ intent: 'Create a login form' }, structuredClone(fixture));
    expect(b).toEqual(a);
    expect(a.blueprint_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deriveBlueprint({ intent: 'Create a signup form' }, fixture).blueprint_id).not.toBe(a.blueprint_id);
  });

  it('follows what the studio holds that the intent names', () => {
    const summaries: DomainSummary[] = [
      { domain: 'drawio', title: 'draw.io diagram', counts: {}, items: [{ kind: 'document', name: 'Checkout', path: 'diagrams/checkout.drawio', summary: '4 shapes, 3 edges, 0 groups on 1 page' }] },
    ];
    const blueprint = deriveBlueprint({ intent: 'Build the projects list page as in the Checkout diagram' }, { ...fixture, modules: {} }, summaries);
    expect(blueprint.specs.logic_steps).toContain('Follow drawio: Checkout (diagrams/checkout.drawio), 4 shapes, 3 edges, 0 groups on 1 page.');
  });

  it('refuses to place a new file when the state names no directories', () => {
    expect(() => deriveBlueprint({ intent: 'Create a login form' }, { ...fixture, directories: {} })).toThrow(expect.objectContaining({ code: 'SYSTEM_ERROR', message: expect.stringContaining('names no directories') }));
  });
});
