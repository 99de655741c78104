/**
 * Helpers for the drawio tests: a diagram in an FcpDocument (the pipeline clients use), ops that
 * must succeed or fail, and record lookups. Imported by *.test.ts only.
 */
import { expect } from 'vitest';
import { FcpDocument } from '../../fcp/document';
import { drawioDomain } from './index';
import type { DrawioRecord, EdgeRecord, GroupRecord, MetaRecord, ShapeRecord } from '../../../shared/drawio/model';

export type Diagram = FcpDocument<DrawioRecord>;

export function newDiagram(params: Record<string, string> = {}): Diagram {
  return FcpDocument.create(drawioDomain, { title: 'Test', params });
}

/** Applies a batch that must succeed; returns its answer lines without the digest. */
export async function ok(doc: Diagram, ...ops: string[]): Promise<string[]> {
  const answer = await doc.applyBatch(ops, 'test');
  expect(answer.ok, answer.text).toBe(true);
  expect(answer.lines.at(-1)).toMatch(/^digest: /);
  return answer.lines.slice(0, -1);
}

/** Applies a batch that must fail; returns the whole answer text. */
export async function fails(doc: Diagram, ...ops: string[]): Promise<string> {
  const answer = await doc.applyBatch(ops, 'test');
  expect(answer.ok, answer.text).toBe(false);
  return answer.text;
}

export async function query(doc: Diagram, q: string): Promise<string> {
  const answer = await doc.query(q);
  expect(answer.ok, answer.text).toBe(true);
  return answer.text;
}

export async function queryFails(doc: Diagram, q: string): Promise<string> {
  const answer = await doc.query(q);
  expect(answer.ok, answer.text).toBe(false);
  return answer.text;
}

export function shapes(doc: Diagram): ShapeRecord[] {
  return doc.store.all<ShapeRecord>('shape');
}

export function shape(doc: Diagram, alias: string): ShapeRecord {
  const found = shapes(doc).filter((s) => s.alias === alias);
  expect(found, `one shape called ${alias}`).toHaveLength(1);
  return found[0];
}

export function edges(doc: Diagram): EdgeRecord[] {
  return doc.store.all<EdgeRecord>('edge');
}

export function groups(doc: Diagram): GroupRecord[] {
  return doc.store.all<GroupRecord>('group');
}

export function meta(doc: Diagram): MetaRecord {
  return doc.store.get<MetaRecord>('meta')!;
}

export function digest(doc: Diagram): string {
  return drawioDomain.digest(doc.store);
}
