/**
 * The MCP tools of a tool domain: its table as it is (names, schemas, annotations), each of the
 * core's own errors answered in the domain's envelope; tools only the studio window calls are left out.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CORE_ERROR_CODES, type CoreErrorKind, type ToolDomain, ToolError, type ToolSpec, coreErrorCode, errorAnswer } from '../tool-domain/domain';
import { checkToolDomain } from '../tool-domain/table';
import type { ToolDefinition } from './tool-definition';

export interface DomainTool extends ToolDefinition {
  family: 'domain';
  spec: ToolSpec<any, any>;
  /** The bridge's own answer while no core answers (ToolSpec.offline), in the domain's envelope. */
  offline?: {
    waitMs: number;
    answer(args: Record<string, unknown>, workspace: string): CallToolResult;
  };
}

/** ToolSpec.offline's answer in the domain's envelope: its data, or its error. */
function offlineAnswer(domain: ToolDomain<any>, spec: ToolSpec<any, any>): DomainTool['offline'] {
  const offline = spec.offline;
  if (!offline) return undefined;
  return {
    waitMs: offline.waitMs,
    answer: (args, workspace) => {
      try {
        return domain.envelope.ok(offline.handler(args, { workspace }), spec);
      } catch (err) {
        return errorAnswer(domain.envelope, spec, ToolError.from(err));
      }
    },
  };
}

export function domainTools(domain: ToolDomain<any>): DomainTool[] {
  checkToolDomain(domain);
  const firstRead = domain.tools.find((t) => t.access === 'read');
  const codes = Object.fromEntries(Object.keys(CORE_ERROR_CODES).map((kind) => [kind, coreErrorCode(domain.envelope, kind as CoreErrorKind)])) as Record<CoreErrorKind, string>;
  return domain.tools.filter((spec) => !spec.studioOnly).map((spec) => ({
    family: 'domain',
    spec,
    name: spec.name,
    domain: domain.name,
    title: spec.title,
    description: spec.description,
    inputSchema: spec.input,
    outputSchema: spec.output,
    annotations: spec.annotations,
    example: spec.example,
    // A write may be repeated after a lost answer only if repeating it changes nothing more.
    resend: spec.access === 'read' || spec.annotations.idempotentHint === true ? 'safe' : 'never',
    checkHint: firstRead ? `${firstRead.name} shows where things stand` : `the ${domain.name} view in the studio`,
    codes,
    errorResult: (err) => errorAnswer(domain.envelope, spec, ToolError.from(err)),
    offline: offlineAnswer(domain, spec),
  }));
}
