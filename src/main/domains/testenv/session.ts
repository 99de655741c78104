/**
 * One project's testenv session: its state, its services' containers, mocks, log feeds and suites,
 * and the names its Docker resources go by. What it holds is saved (saved()) for the next core.
 */
import { createHash } from 'node:crypto';
import type { ContainerStatus, Health, PortMapping, ProjectActivity, SessionState, SuiteResult } from '../../../shared/testenv-records';
import { type LoadedConfig, isNamedVolume, portMappings } from './config';
import type { E2eConfig, ServiceConfig } from './config-schema';
import type { MockServer } from './mock-server';
import type { LogFeed, Throttle } from './live-feeds';
import type { SavedSession } from './session-store';
import type { Forward } from './remote/ssh-link';

export interface ServiceState {
  config: ServiceConfig;
  image: string;
  containerName: string;
  ports: PortMapping[];
  containerId?: string;
  status: ContainerStatus;
  /** The health setup saw (status reports it). */
  health: Health;
  startedAt?: number;
  /** The exit code of a container that stopped. */
  exitCode?: number;
  healthCheckDuration?: number;
  /** What setup copied into the container from the project (an engine of another machine has no such folder). */
  copied?: Array<{ source: string; target: string }>;
  build?: { status: 'building' | 'success' | 'failed'; duration?: number; error?: string };
}

/** One project's session. */
export class Session {
  state: SessionState = 'initialized';
  networkId?: string;
  gateway?: string;
  readonly services = new Map<string, ServiceState>();
  readonly mocks = new Map<string, MockServer>();
  readonly mockThrottles = new Map<string, Throttle>();
  readonly logs = new Map<string, LogFeed>();
  /** On an engine of another machine: the SSH forwards of the services' ports and of the mocks (remote/remote-environment.ts). */
  readonly forwards = new Map<string, Forward>();
  /** The images built for each service (by name). */
  readonly built = new Map<string, string>();
  readonly suites = new Map<string, { status: 'idle' | 'running' | 'passed' | 'failed'; last?: SuiteResult }>();
  activity?: ProjectActivity;
  lastRun?: { status: 'passed' | 'failed'; passed: number; failed: number; skipped: number; at: number; origin: string };
  /** Stops following the containers' logs. */
  followers = new AbortController();

  constructor(
    readonly id: string,
    readonly projectPath: string,
    readonly displayPath: string,
    readonly configFile: string,
    readonly loaded: LoadedConfig,
  ) {
    const { project } = loaded.config;
    for (const config of loaded.config.services) {
      this.services.set(config.name, {
        config,
        image: imageOf(project.name, config),
        containerName: config.container.name ?? `${project.name}-${config.name}`,
        ports: portMappings(config),
        status: 'not_created',
        health: 'none',
      });
    }
  }

  get config(): E2eConfig {
    return this.loaded.config;
  }

  get networkName(): string {
    const hash = createHash('sha256').update(this.projectPath).digest('hex').slice(0, 8);
    return this.config.network?.name ?? `tandem-${this.config.project.name}-${hash}`.toLowerCase();
  }

  /** The Docker volume a service's named volume `source` is (one per project folder, as the network). */
  volumeName(source: string): string {
    const hash = createHash('sha256').update(this.projectPath).digest('hex').slice(0, 8);
    return `tandem-${this.config.project.name}-${hash}-${source}`.toLowerCase();
  }

  /** The named volumes the services mount (their sources, each once). */
  get namedVolumes(): string[] {
    return this.volumeSources().filter(isNamedVolume);
  }

  /** The project folders (and files) the services mount, as e2e.yaml gives them, each once. */
  get folderVolumes(): string[] {
    return this.volumeSources().filter((source) => !isNamedVolume(source));
  }

  private volumeSources(): string[] {
    return [...new Set(this.config.services.flatMap((s) => s.container.volumes.map((v) => v.split(':')[0])))];
  }

  saved(handedOver = false): SavedSession {
    return {
      projectPath: this.projectPath,
      sessionId: this.id,
      configFile: this.configFile,
      state: this.state,
      ...(this.networkId ? { networkId: this.networkId } : {}),
      built: Object.fromEntries(this.built),
      services: Object.fromEntries(
        [...this.services.values()].map((s) => [s.config.name, { containerId: s.containerId, health: s.health, healthCheckDuration: s.healthCheckDuration }]),
      ),
      handedOver,
    };
  }
}

/** The image a service runs: its build's tag (default `<project>-<service>:e2e`), or its `image`. */
function imageOf(project: string, service: ServiceConfig): string {
  if (service.build) return service.build.image ?? `${project}-${service.name}:e2e`.toLowerCase();
  return service.image!;
}
