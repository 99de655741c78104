/**
 * The payload of `window.tandem.pickFile(domain, mode)` as main receives it, validated with zod
 * like every other IPC payload. Pure: no electron import.
 */
import { z } from 'zod';
import { API_LIMITS, type ApiError, BAD_REQUEST } from '../../shared/api-schema';

export interface PickFileRequest {
  domain: string;
  mode: 'open' | 'save';
}

const pickFileRequestSchema = z.strictObject({
  domain: z.string().min(1).max(API_LIMITS.maxDomainChars),
  mode: z.enum(['open', 'save']),
});

export type PickFileRequestResult = { ok: true; request: PickFileRequest } | { ok: false; error: ApiError };

export function parsePickFileRequest(payload: unknown): PickFileRequestResult {
  const parsed = pickFileRequestSchema.safeParse(payload);
  if (parsed.success) return { ok: true, request: parsed.data };
  const problems = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.map(String).join('.') : 'request'}: ${issue.message}`);
  return {
    ok: false,
    error: {
      code: BAD_REQUEST,
      message: `invalid pickFile request: ${problems.join('; ')}`,
      suggestion: 'pickFile("drawio", "open") or pickFile("drawio", "save")',
    },
  };
}
