/** Refused edits as toasts: the core's error lines and its `try:` suggestions, kept in a view's store. */
import type { StoreApi } from 'zustand/vanilla';
import type { ToolCallError } from '../stores/tool-domain-store';

export interface Toast {
  id: number;
  /** The error lines of the answer (`! ...`). */
  message: string;
  /** Its `try:` suggestions, shown apart so they stand out. */
  hints: readonly string[];
}

export interface ToastState {
  toasts: readonly Toast[];
}

/** Splits an error answer into its message and its `try:` lines. */
export function toastContent(text: string): { message: string; hints: string[] } {
  const message: string[] = [];
  const hints: string[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('digest:')) continue;
    if (trimmed.startsWith('try:')) hints.push(trimmed.slice('try:'.length).trim());
    else message.push(trimmed);
  }
  return { message: message.join('\n') || 'the studio refused the edit', hints };
}

let nextToastId = 1;

export function pushToast(store: StoreApi<ToastState>, content: { message: string; hints: readonly string[] }): void {
  const toast: Toast = { id: nextToastId++, ...content };
  // Keep the last few: a burst of failures should not cover the canvas.
  store.setState((s) => ({ toasts: [...s.toasts, toast].slice(-4) }));
}

/** A tool call the domain refused: the tool, the domain's code and message, and its suggestion apart. */
export function pushCallError(store: StoreApi<ToastState>, tool: string, error: ToolCallError): void {
  pushToast(store, { message: `${tool}: ${error.code}: ${error.message}`, hints: error.suggestion ? [error.suggestion] : [] });
}

export function dismissToast(store: StoreApi<ToastState>, id: number): void {
  store.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
}
