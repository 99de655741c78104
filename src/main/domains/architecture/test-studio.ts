/**
 * For the domain's tests: a real Studio hosting the architecture domain on a new temp workspace,
 * and its tool calls answered as data or as the contract's error.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Studio } from '../../core/studio';
import { openStudio } from '../../host/domains';
import { Workspace } from '../../core/workspace';
import { architectureDomain } from '.';

export interface TestStudio {
  dir: string;
  studio: Studio;
  close(): Promise<void>;
}

/** Opens the studio on a temp folder; `setUp` writes its files first (a project the studio finds at start). */
export async function openTestStudio(prefix: string, setUp?: (dir: string) => void): Promise<TestStudio> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  setUp?.(dir);
  const ws = await Workspace.acquire(dir);
  const studio = await openStudio(ws, { toolDomains: [architectureDomain] });
  return {
    dir,
    studio,
    async close() {
      await studio.close();
      ws.release();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const resultText = (result: CallToolResult) => (result.content[0] as { text: string }).text;

/** A tool's answer, or a thrown Error with the error's text. */
export async function callOk(studio: Studio, tool: string, args: Record<string, unknown> = {}): Promise<any> {
  const result = await studio.callTool('architecture', tool, args, { origin: 'claude' });
  if (result.isError) throw new Error(`${tool} failed: ${resultText(result)}`);
  return result.structuredContent;
}

/** A tool's error in the contract's envelope, or a thrown Error when it answered. */
export async function callFailing(studio: Studio, tool: string, args: Record<string, unknown> = {}): Promise<{ code: string; message: string; details?: string }> {
  const result = await studio.callTool('architecture', tool, args, { origin: 'claude' });
  if (!result.isError) throw new Error(`${tool} answered where it should have failed: ${resultText(result)}`);
  return JSON.parse(resultText(result)).error;
}
