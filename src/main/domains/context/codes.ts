/** The error codes of the context tools (the contract's envelope, plus the RATE_LIMITED). */
export const AUTH_ERROR = 'AUTH_ERROR';
export const SYSTEM_ERROR = 'SYSTEM_ERROR';
export const ARCH_VIOLATION = 'ARCH_VIOLATION';
export const RATE_LIMITED = 'RATE_LIMITED';
/** Arguments that do not fit (an unknown node id, an oversized intent, a path outside the workspace). */
export const INVALID_PARAMS = 'INVALID_PARAMS';
