/**
 * How much one batch of ops may carry, wherever it comes from (an MCP client, the window's API):
 * the FCP engine refuses more whole, and the renderer's API schema checks the same numbers first.
 */
export const OP_LIMITS = {
  /** Ops in one batch; a bigger batch is refused whole. */
  maxOps: 10_000,
  /** Characters in one op line. */
  maxOpChars: 20_000,
} as const;
