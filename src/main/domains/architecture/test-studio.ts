/**
 * For the domain's tests: a real Studio hosting the architecture domain on a new temp workspace,
 * and its tool calls answered as data or as the contract's error.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Studio } from '../../core/studio';
import { type TemporaryStudio, openTemporaryStudio } from '../../testing/temporary-studio';
import { architectureDomain } from '.';

export type TestStudio = TemporaryStudio;

/** Opens the studio on a temp folder; `setUp` writes its files first (a project the studio finds at start). */
export const openTestStudio = (prefix: string, setUp?: (dir: string) => void): Promise<TestStudio> =>
  openTemporaryStudio(prefix, { toolDomains: [architectureDomain] }, setUp);

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
