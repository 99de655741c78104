/** The tasks contract's three error codes (specs/tasks-mcp-design.md, "Error Handling"). */
import { ToolError } from '../../tool-domain/domain';

export const NOT_FOUND = 'not_found';
export const INVALID_INPUT = 'invalid_input';
export const CONFLICT = 'conflict';

export const invalid = (message: string, suggestion?: string) => new ToolError(INVALID_INPUT, message, suggestion);
export const notFound = (message: string, suggestion?: string) => new ToolError(NOT_FOUND, message, suggestion);
export const conflict = (message: string, suggestion?: string, details?: unknown) => new ToolError(CONFLICT, message, suggestion, details);
