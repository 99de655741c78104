/** The messages between the core (d2-wasm.ts) and D2's process (d2-process.ts), over the IPC channel. */
export type D2Operation = 'compile' | 'render';
export interface D2ProcessRequest {
  id: number;
  op: D2Operation;
  args: unknown[];
}
export type D2ProcessReply = { id: number; result: unknown } | { id: number; error: string };
