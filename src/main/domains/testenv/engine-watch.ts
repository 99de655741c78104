/**
 * Whether the Docker engine answers, kept as the dashboard's `engine` record: checked a moment
 * after the studio opens (off its start) and then every few seconds, with node:http where it can
 * (DockerEngine.ping: dockerode, which stalls the core 100 ms and more as it loads, is loaded only
 * once a tool needs it or the engine is reached over TLS or SSH), published only when the answer
 * changes, so Build and Setup can say the engine is not there before the person presses them, and
 * where the studio looked.
 */
import { ENGINE_RECORD_ID, type TestenvEngineRecord } from '../../../shared/testenv-records';
import type { ToolDomainHost } from '../../tool-domain/domain';
import type { DockerEngine } from './engine';
import { remoteOf } from './remote/engine-target';

/** The first check waits past the studio's start; then one every interval. */
const FIRST_CHECK_MS = 1_000;
export const ENGINE_CHECK_INTERVAL_MS = 10_000;

export class EngineWatch {
  private last?: TestenvEngineRecord;
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly engine: DockerEngine,
    private readonly host: Pick<ToolDomainHost, 'publish'>,
    private readonly intervalMs = ENGINE_CHECK_INTERVAL_MS,
  ) {}

  start(): void {
    this.schedule(FIRST_CHECK_MS);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** Pings the engine now; publishes the record when reachability (or the reason) changed. */
  async check(): Promise<TestenvEngineRecord> {
    const problem = await this.engine.ping().then(
      () => undefined,
      (err: Error) => err.message,
    );
    const remote = remoteOf(this.engine.target);
    const record: TestenvEngineRecord = {
      id: ENGINE_RECORD_ID,
      kind: 'engine',
      where: this.engine.where,
      reachable: problem === undefined,
      ...(problem ? { problem } : {}),
      ...(remote ? { remote: { host: remote.host, via: remote.via } } : {}),
      checkedAt: Date.now(),
    };
    if (!this.stopped && (this.last?.reachable !== record.reachable || this.last?.problem !== record.problem)) {
      this.host.publish({ origin: 'testenv', label: record.reachable ? `Docker engine reachable at ${record.where}` : `Docker engine not reachable at ${record.where}`, put: [record] });
    }
    this.last = record;
    return record;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.check().finally(() => this.schedule(this.intervalMs)), ms);
    this.timer.unref();
  }
}
