/** A TandemApi double: snapshots from a queue or a function, pushed events, recorded calls. */
import type { ChangeEvent, DomainSnapshot } from '../../../shared/change-feed';
import type { PresenceEvent, SelectionReport } from '../../../shared/presence';
import type { ApiAnswer, TandemApi } from '../../../shared/tandem-api';

export interface ChangeEventListenerApi {
  emit(event: ChangeEvent): void;
}

export interface FakeApi extends TandemApi, ChangeEventListenerApi {
  snapshotCalls: number;
  mutations: string[][];
  sessions: string[];
  /** What the next snapshot() answers; a function is called each time. */
  nextSnapshot: DomainSnapshot | (() => DomainSnapshot);
  /** What mutate() answers. */
  answer: ApiAnswer;
  /** Resolves the snapshots held back while `holdSnapshots` is set. */
  releaseSnapshots(): void;
  holdSnapshots: boolean;
  /** What reportPresence() was told, oldest first. */
  presenceReports: SelectionReport[];
  emitPresence(event: PresenceEvent): void;
}

export function createFakeApi(snapshot: DomainSnapshot): FakeApi {
  const listeners = new Set<(event: ChangeEvent) => void>();
  const presenceListeners = new Set<(event: PresenceEvent) => void>();
  const held: Array<() => void> = [];
  const api: FakeApi = {
    snapshotCalls: 0,
    mutations: [],
    sessions: [],
    nextSnapshot: snapshot,
    answer: { text: 'ok', isError: false },
    holdSnapshots: false,
    info: async () => ({ workspace: '/tmp/ws', domains: ['drawio'], toolDomains: [], host: 'browser' }),
    snapshot(): Promise<DomainSnapshot> {
      api.snapshotCalls++;
      const take = () => (typeof api.nextSnapshot === 'function' ? api.nextSnapshot() : api.nextSnapshot);
      if (!api.holdSnapshots) return Promise.resolve(take());
      return new Promise((resolve) => held.push(() => resolve(take())));
    },
    async mutate(_domain, ops) {
      api.mutations.push(ops);
      return api.answer;
    },
    async query() {
      return { text: '', isError: false };
    },
    async session(_domain, action) {
      api.sessions.push(action);
      return api.answer;
    },
    async listFiles() {
      return [];
    },
    async callTool() {
      return { content: [], isError: true };
    },
    async asset() {
      return new ArrayBuffer(0);
    },
    async describeClaudeDesktop() {
      throw new Error('the fake API has no Claude Desktop to connect');
    },
    async connectClaudeDesktop() {
      throw new Error('the fake API has no Claude Desktop to connect');
    },
    async describeExample() {
      return { welcome: false, workspace: '/tmp/ws', folder: '/tmp/ws', available: false, conflicts: [] };
    },
    async openExample() {
      throw new Error('the fake API has no example workspace');
    },
    async dismissWelcome() {},
    async appearance() {
      return { theme: 'system' as const };
    },
    async chooseAppearance(theme) {
      return { theme };
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event) {
      for (const listener of listeners) listener(event);
    },
    presenceReports: [],
    async reportPresence(report) {
      api.presenceReports.push(report);
    },
    onPresence(listener) {
      presenceListeners.add(listener);
      return () => presenceListeners.delete(listener);
    },
    emitPresence(event) {
      for (const listener of presenceListeners) listener(event);
    },
    releaseSnapshots() {
      for (const release of held.splice(0)) release();
    },
  };
  return api;
}

/** Lets pending promise callbacks run. */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
