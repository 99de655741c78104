/**
 * The Docker engine as the testenv domain uses it (dockerode): builds with their log streamed line
 * by line, labelled networks and containers (ports published on 127.0.0.1 only; files and folders
 * copied in for an engine of another machine), logs, and removal that says whether it had to
 * force. Every engine failure is a ToolError with a contract code; an engine that does not answer
 * is DOCKER_ERROR saying where the studio looked (DOCKER_HOST, else the default socket).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type Docker from 'dockerode';
import { commonJsExports } from '../../kernel/packages';
import { ToolError } from '../../tool-domain/domain';
import { ExecOutput, LogLines } from './docker-streams';
import { pingOverHttp } from './engine-ping';
import { TestenvErrorCode, portConflict } from './errors';
import { type CopyIn, copyFileInto, fillVolume } from './remote/copy-in';
import { type EngineTarget, engineTarget, isRemote, plainEndpoint } from './remote/engine-target';
import { SshLink } from './remote/ssh-link';
import { sshSettings } from './remote/ssh-settings';

export { LogLines, MAX_EXEC_OUTPUT } from './docker-streams';

/** The labels on everything the studio creates; the reaper and adoption find things by them. */
export const LABEL = {
  workspace: 'tandem.workspace',
  project: 'tandem.project',
  /** The project folder (absolute): two folders may hold projects of one name. */
  projectPath: 'tandem.project-path',
  /** The session (an id of the studio's) the container or network belongs to. */
  session: 'tandem.session',
  service: 'tandem.service',
} as const;

/** How many of a failed build's last lines its error carries. */
const BUILD_TAIL_LINES = 30;
/** How long a container gets to stop on SIGTERM before it is removed by force. */
export const STOP_GRACE_MS = 1_500;
/** How long a ping may take before the engine counts as unreachable. */
const PING_TIMEOUT_MS = 5_000;

export type Labels = Record<string, string>;

export interface BuildSpec {
  /** The build context folder (absolute). */
  context: string;
  /** The Dockerfile, relative to the context. */
  dockerfile: string;
  tag: string;
  args?: Record<string, string>;
  noCache?: boolean;
  labels?: Labels;
}

export interface ContainerSpec {
  name: string;
  image: string;
  labels: Labels;
  network: string;
  /** The name other services reach it by on the network. */
  alias: string;
  ports: ReadonlyArray<{ host: number; container: number }>;
  environment?: Record<string, string>;
  /** Docker binds, `HOST:CONTAINER[:ro]` with an absolute host path. */
  binds?: string[];
  /** `name:address` entries for /etc/hosts. */
  extraHosts?: string[];
  /** Files and folders of this machine copied into the container before it starts (an engine of another machine). */
  copies?: readonly CopyIn[];
}

export interface ContainerState {
  id: string;
  name: string;
  status: 'created' | 'running' | 'paused' | 'restarting' | 'exited' | 'dead' | 'removing';
  /** ms since the epoch, while running. */
  startedAt?: number;
  exitCode?: number;
}

export interface LabelledThing {
  id: string;
  name: string;
  labels: Labels;
}

export type RemoveAction = 'removed' | 'force_removed' | 'not_found';

/** Where dockerode connects, as the environment says (DOCKER_HOST, else the platform's default socket). */
export function engineAddress(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DOCKER_HOST) return `${env.DOCKER_HOST} (DOCKER_HOST)`;
  return process.platform === 'win32' ? 'npipe:////./pipe/docker_engine (the default; DOCKER_HOST is not set)' : 'unix:///var/run/docker.sock (the default socket; DOCKER_HOST is not set)';
}

export interface EngineOptions {
  /** Where the engine is; DOCKER_HOST's by default. */
  target?: EngineTarget;
  /** The home folder whose ~/.ssh an ssh:// engine is reached with (tests give their own). */
  home?: string;
  log?: (line: string) => void;
}

const statusOf = (err: unknown): number | undefined => (err as { statusCode?: number })?.statusCode;
/** The engine's own message in an error dockerode raised (its JSON body), else the error's message. */
function engineMessage(err: unknown): string {
  const json = (err as { json?: { message?: string } })?.json;
  if (json && typeof json.message === 'string') return json.message;
  return (err as Error)?.message ?? String(err);
}

/** `Bind for 127.0.0.1:8080 failed: port is already allocated` and the like: the port, if it is one. */
export function conflictingPort(message: string): number | undefined {
  if (!/already allocated|address already in use/i.test(message)) return undefined;
  const port = /(?:127\.0\.0\.1|0\.0\.0\.0|\]):(\d+)/.exec(message)?.[1];
  return port ? Number(port) : undefined;
}

/** `5m`, `2h`, `30s`, an ISO date or unix seconds: unix seconds for Docker's `since`. */
export function sinceSeconds(since: string, now = Date.now()): number | undefined {
  const relativeAge = /^(\d+)(s|m|h|d)$/.exec(since.trim());
  if (relativeAge) {
    const unit = { s: 1, m: 60, h: 3600, d: 86400 }[relativeAge[2] as 's' | 'm' | 'h' | 'd'];
    return Math.floor(now / 1000) - Number(relativeAge[1]) * unit;
  }
  if (/^\d+$/.test(since.trim())) return Number(since.trim());
  const date = Date.parse(since);
  return Number.isNaN(date) ? undefined : Math.floor(date / 1000);
}

export class DockerEngine {
  private client?: Promise<Docker>;
  /** Where the engine is: this machine, or another one over SSH or TCP. */
  readonly target: EngineTarget;
  /** The SSH link an ssh:// engine is reached over (its API and the forwards), made on first use. */
  private sshLink?: SshLink;

  constructor(
    /** Where the engine is, for error messages. */
    readonly where: string = engineAddress(),
    private readonly given?: Docker,
    private readonly options: EngineOptions = {},
  ) {
    this.target = options.target ?? engineTarget();
  }

  /** The SSH link to an ssh:// engine's host; undefined for any other engine. */
  link(): SshLink | undefined {
    const { target } = this;
    if (target.kind !== 'ssh') return undefined;
    this.sshLink ??= new SshLink(sshSettings(target, { home: this.options.home }), this.options.log);
    return this.sshLink;
  }

  /** Closes the SSH link (and its forwards), if there is one. */
  async close(): Promise<void> {
    await this.sshLink?.close();
  }

  /**
   * The dockerode client, loaded on first use: the module takes the better part of a second to load,
   * which a core (or an offload worker) that never touches Docker should not pay at start.
   */
  api(): Promise<Docker> {
    const { target } = this;
    if (target.kind === 'local' && target.invalid) {
      return Promise.reject(new ToolError(TestenvErrorCode.dockerError, `${target.invalid}, so no Docker engine can be reached`, 'set DOCKER_HOST to unix:///var/run/docker.sock, ssh://user@host or tcp://host:2376 (or unset it), then start the studio again', { engine: this.where }));
    }
    this.client ??= this.given
      ? Promise.resolve(this.given)
      : commonJsExports<typeof Docker>(import('dockerode')).then((Dockerode) => {
          const link = this.link();
          // An ssh:// engine's HTTP goes over the studio's own SSH link (keys, agent and known_hosts
          // as ssh uses them). A target the engine was given is reached where it says when that is a
          // socket or plain tcp; otherwise dockerode reads DOCKER_HOST (and DOCKER_TLS_VERIFY,
          // DOCKER_CERT_PATH) itself, which is where the target came from.
          if (link) return new Dockerode({ protocol: 'http', host: link.settings.hostName, port: 2375, agent: link.dockerAgent() } as Docker.DockerOptions);
          const given = this.options.target && plainEndpoint(this.target);
          if (given) return new Dockerode('socketPath' in given ? given : { protocol: 'http', ...given });
          return new Dockerode();
        });
    return this.client;
  }

  /** DOCKER_ERROR for a failure talking to the engine: where it looked, and what the engine said. */
  private failure(err: unknown, doing: string): ToolError {
    if (err instanceof ToolError) return err;
    const code = (err as NodeJS.ErrnoException)?.code;
    if (code && /^(ENOENT|ECONNREFUSED|EACCES|ETIMEDOUT|EHOSTUNREACH|ECONNRESET|ENOTFOUND|EPIPE)$/.test(code)) {
      return new ToolError(
        TestenvErrorCode.dockerError,
        `the Docker engine at ${this.where} is unreachable (${code}) while ${doing}`,
        'start the Docker engine, or set DOCKER_HOST to where it listens (e.g. unix:///var/run/docker.sock or tcp://host:2376) before starting the studio',
        { engine: this.where, cause: code },
      );
    }
    return new ToolError(TestenvErrorCode.dockerError, `the Docker engine at ${this.where} failed while ${doing}: ${engineMessage(err)}`, undefined, {
      engine: this.where,
      status: statusOf(err),
    });
  }

  /**
   * Throws DOCKER_ERROR unless the engine answers. Asked with node:http where that reaches the engine
   * as dockerode would (engine-ping.ts), so that the engine watch never loads dockerode; over TLS,
   * SSH or a client given, with dockerode.
   */
  async ping(): Promise<void> {
    const plain = this.given ? undefined : plainEndpoint(this.target);
    try {
      const signal = AbortSignal.timeout(PING_TIMEOUT_MS);
      if (plain) await pingOverHttp(plain, signal);
      else await (await this.api()).ping({ abortSignal: signal } as never);
    } catch (err) {
      if ((err as Error)?.name === 'AbortError' || (err as Error)?.name === 'TimeoutError') {
        throw new ToolError(TestenvErrorCode.dockerError, `the Docker engine at ${this.where} did not answer within ${PING_TIMEOUT_MS} ms`, 'check that the engine runs and DOCKER_HOST points at it', {
          engine: this.where,
        });
      }
      throw this.failure(err, 'checking that it runs');
    }
  }

  async imageExists(tag: string): Promise<boolean> {
    try {
      await (await this.api()).getImage(tag).inspect();
      return true;
    } catch (err) {
      if (statusOf(err) === 404) return false;
      throw this.failure(err, `looking up the image ${tag}`);
    }
  }

  /**
   * Builds `spec.tag`, calling `onLine` with each line of the build's log as it comes. Throws
   * DOCKERFILE_NOT_FOUND before anything is sent, BUILD_FAILED with the last lines when the build fails.
   */
  async build(spec: BuildSpec, onLine: (line: string) => void, signal?: AbortSignal): Promise<{ lines: number }> {
    const dockerfile = join(spec.context, spec.dockerfile);
    if (!existsSync(spec.context) || !statSync(spec.context).isDirectory()) {
      throw new ToolError(TestenvErrorCode.dockerfileNotFound, `the build context ${spec.context} is not a folder`, 'fix build.context in e2e.yaml (it is relative to the e2e.yaml\'s folder)', {
        context: spec.context,
      });
    }
    if (!existsSync(dockerfile) || !statSync(dockerfile).isFile()) {
      throw new ToolError(TestenvErrorCode.dockerfileNotFound, `no Dockerfile at ${dockerfile}`, 'fix build.dockerfile in e2e.yaml (relative to build.context), or add the file', {
        dockerfile,
      });
    }
    const tail: string[] = [];
    let count = 0;
    const emit = (text: string) => {
      for (const line of text.split('\n')) {
        if (!line.trim()) continue;
        count++;
        tail.push(line);
        if (tail.length > BUILD_TAIL_LINES) tail.shift();
        onLine(line);
      }
    };
    let stream: NodeJS.ReadableStream;
    try {
      stream = await (await this.api()).buildImage(
        { context: spec.context, src: readdirSync(spec.context) },
        {
          t: spec.tag,
          dockerfile: relative(spec.context, dockerfile),
          buildargs: spec.args,
          nocache: spec.noCache ?? false,
          labels: spec.labels,
          rm: true,
          forcerm: true,
          abortSignal: signal,
        },
      );
    } catch (err) {
      throw this.failure(err, `starting the build of ${spec.tag}`);
    }
    const docker = await this.api();
    const failed = await new Promise<string | undefined>((resolve, reject) => {
      let error: string | undefined;
      docker.modem.followProgress(
        stream,
        (err: unknown) => (err ? reject(err) : resolve(error)),
        (event: { stream?: string; status?: string; error?: string; errorDetail?: { message?: string } }) => {
          if (event.stream) emit(event.stream);
          else if (event.status) emit(event.status);
          if (event.error) {
            error = event.errorDetail?.message ?? event.error;
            emit(error);
          }
        },
      );
    }).catch((err) => {
      if (signal?.aborted) throw signal.reason;
      throw this.failure(err, `building ${spec.tag}`);
    });
    if (failed !== undefined) {
      throw new ToolError(TestenvErrorCode.buildFailed, `the build of ${spec.tag} failed: ${failed}`, 'fix the Dockerfile (its last lines are in details.lastLines), then call preflight_build again', {
        image: spec.tag,
        lastLines: [...tail],
      });
    }
    return { lines: count };
  }

  /** Creates a labelled bridge network; answers its id and gateway address (where the host is reached). */
  async createNetwork(name: string, labels: Labels): Promise<{ id: string; gateway: string }> {
    try {
      const network = await (await this.api()).createNetwork({ Name: name, Driver: 'bridge', CheckDuplicate: true, Labels: labels });
      return { id: network.id, gateway: await this.gatewayOf(network.id) };
    } catch (err) {
      if (statusOf(err) === 409) {
        throw new ToolError(TestenvErrorCode.dockerError, `a Docker network named ${name} exists already`, `remove it (\`docker network rm ${name}\`) or set network.name in e2e.yaml`, {
          network: name,
        });
      }
      throw this.failure(err, `creating the network ${name}`);
    }
  }

  private async gatewayOf(network: string): Promise<string> {
    const info = await (await this.api()).getNetwork(network).inspect();
    const gateway = (info.IPAM?.Config ?? []).map((c: { Gateway?: string }) => c.Gateway).find(Boolean);
    if (!gateway) throw new ToolError(TestenvErrorCode.dockerError, `the network ${network} has no gateway address, so services cannot reach the mocks`);
    return gateway;
  }

  /** The network (by name or id) as it is now: whether it exists, its gateway and the names of the containers on it. */
  async networkInfo(network: string): Promise<{ exists: boolean; gateway?: string; containers: string[] }> {
    try {
      const info = await (await this.api()).getNetwork(network).inspect();
      const gateway = (info.IPAM?.Config ?? []).map((c: { Gateway?: string }) => c.Gateway).find(Boolean);
      const containers = Object.values((info.Containers ?? {}) as Record<string, { Name: string }>).map((c) => c.Name);
      return { exists: true, gateway, containers };
    } catch (err) {
      if (statusOf(err) === 404) return { exists: false, containers: [] };
      throw this.failure(err, `inspecting the network ${network}`);
    }
  }

  async removeNetwork(network: string): Promise<'removed' | 'not_found'> {
    try {
      await (await this.api()).getNetwork(network).remove();
      return 'removed';
    } catch (err) {
      if (statusOf(err) === 404) return 'not_found';
      throw this.failure(err, `removing the network ${network}`);
    }
  }

  /** Creates and starts a container; a host port taken is PORT_CONFLICT naming it (the container is then removed). */
  async runContainer(spec: ContainerSpec): Promise<string> {
    const exposed: Record<string, object> = {};
    const bindings: Record<string, Array<{ HostIp: string; HostPort: string }>> = {};
    for (const { host, container } of spec.ports) {
      exposed[`${container}/tcp`] = {};
      (bindings[`${container}/tcp`] ??= []).push({ HostIp: '127.0.0.1', HostPort: String(host) });
    }
    for (const copy of spec.copies ?? []) {
      if (!copy.volume) continue;
      try {
        // The session's labels (a crash mid-copy leaves the filler to the reaper), but no service's: it is none.
        const own = Object.fromEntries(Object.entries(spec.labels).filter(([key]) => key !== LABEL.service));
        await fillVolume(await this.api(), { ...copy, volume: copy.volume }, spec.image, own);
      } catch (err) {
        throw this.failure(err, `copying ${copy.label} into the volume ${copy.volume}`);
      }
    }
    let id: string;
    try {
      const created = await (await this.api()).createContainer({
        name: spec.name,
        Image: spec.image,
        Labels: spec.labels,
        Env: Object.entries(spec.environment ?? {}).map(([k, v]) => `${k}=${v}`),
        ExposedPorts: exposed,
        HostConfig: { PortBindings: bindings, Binds: spec.binds, ExtraHosts: spec.extraHosts, NetworkMode: spec.network },
        NetworkingConfig: { EndpointsConfig: { [spec.network]: { Aliases: [spec.alias] } } },
      });
      id = created.id;
    } catch (err) {
      if (statusOf(err) === 409) {
        throw new ToolError(TestenvErrorCode.dockerError, `a container named ${spec.name} exists already and is not part of this session`, `remove it (\`docker rm -f ${spec.name}\`) or set container.name in e2e.yaml`, {
          container: spec.name,
        });
      }
      if (statusOf(err) === 404) {
        throw new ToolError(TestenvErrorCode.notBuilt, `the image ${spec.image} is not in the engine`, 'call preflight_build first', { image: spec.image });
      }
      throw this.failure(err, `creating the container ${spec.name}`);
    }
    for (const copy of spec.copies ?? []) {
      if (copy.volume) continue;
      try {
        await copyFileInto(await this.api(), id, copy);
      } catch (err) {
        await (await this.api()).getContainer(id).remove({ force: true }).catch(() => undefined);
        throw this.failure(err, `copying ${copy.label} into ${spec.name} at ${copy.target}`);
      }
    }
    try {
      await (await this.api()).getContainer(id).start();
      return id;
    } catch (err) {
      await (await this.api()).getContainer(id).remove({ force: true }).catch(() => undefined);
      const port = conflictingPort(engineMessage(err));
      if (port !== undefined) throw portConflict(port, `the container ${spec.name}`, isRemote(this.target) ? `the engine's host (${this.target.host})` : undefined);
      throw this.failure(err, `starting the container ${spec.name}`);
    }
  }

  /** The container as it is now; undefined when it does not exist. */
  async inspect(id: string): Promise<ContainerState | undefined> {
    try {
      const info = await (await this.api()).getContainer(id).inspect();
      const running = info.State.Running;
      return {
        id: info.Id,
        name: info.Name.replace(/^\//, ''),
        status: info.State.Status as ContainerState['status'],
        startedAt: running ? Date.parse(info.State.StartedAt) : undefined,
        exitCode: running ? undefined : info.State.ExitCode,
      };
    } catch (err) {
      if (statusOf(err) === 404) return undefined;
      throw this.failure(err, `inspecting the container ${id}`);
    }
  }

  /** The last `tail` lines of a container's log (stdout and stderr), since `since` (unix seconds). */
  async logs(id: string, options: { tail?: number; since?: number } = {}): Promise<string[]> {
    let raw: Buffer;
    try {
      const container = (await this.api()).getContainer(id);
      const info = await container.inspect();
      raw = (await container.logs({ stdout: true, stderr: true, follow: false, tail: options.tail ?? 100, since: options.since ?? 0 })) as unknown as Buffer;
      const lines = new LogLines(!info.Config.Tty);
      return [...lines.push(Buffer.from(raw)), ...lines.end()];
    } catch (err) {
      if (statusOf(err) === 404) throw new ToolError(TestenvErrorCode.containerNotFound, `no container ${id} in the engine`, 'preflight_status shows the session\'s containers');
      throw this.failure(err, `reading the log of ${id}`);
    }
  }

  /** Follows a container's log from now on, a line at a time, until `signal` aborts or the container ends. */
  async followLogs(id: string, onLine: (line: string) => void, signal: AbortSignal): Promise<void> {
    const container = (await this.api()).getContainer(id);
    const info = await container.inspect();
    const stream = (await container.logs({ stdout: true, stderr: true, follow: true, since: 0, abortSignal: signal } as never)) as unknown as NodeJS.ReadableStream;
    const lines = new LogLines(!info.Config.Tty);
    await new Promise<void>((resolve) => {
      stream.on('data', (chunk: Buffer) => lines.push(chunk).forEach(onLine));
      stream.on('end', () => {
        lines.end().forEach(onLine);
        resolve();
      });
      stream.on('error', () => resolve());
      signal.addEventListener('abort', () => resolve(), { once: true });
    });
  }

  /**
   * Stops and removes a container: SIGTERM, then removal once it has exited; one that does not exit
   * within STOP_GRACE_MS is removed by force (`docker rm -f`) when `force`, else stopped with
   * Docker's own timeout first.
   */
  async removeContainer(id: string, force = true): Promise<RemoveAction> {
    const container = (await this.api()).getContainer(id);
    try {
      const state = await this.inspect(id);
      if (!state) return 'not_found';
      if (state.status === 'running' || state.status === 'restarting' || state.status === 'paused') {
        const exited = container.wait({ condition: 'not-running' }).then(() => true, () => true);
        await container.kill({ signal: 'SIGTERM' }).catch((err: unknown) => {
          if (statusOf(err) !== 409) throw err; // 409: not running any more
        });
        const inTime = await Promise.race([exited, delay(STOP_GRACE_MS).then(() => false)]);
        if (!inTime) {
          if (!force) {
            await container.stop({ t: 10 }).catch(() => undefined);
          } else {
            await container.remove({ force: true, v: true });
            return 'force_removed';
          }
        }
      }
      await container.remove({ force: true, v: true });
      return 'removed';
    } catch (err) {
      if (statusOf(err) === 404) return 'not_found';
      throw this.failure(err, `removing the container ${id}`);
    }
  }

  /** Removes a container at once, running or not (`docker rm -f`); false when there was none. */
  async forceRemove(id: string): Promise<boolean> {
    try {
      await (await this.api()).getContainer(id).remove({ force: true, v: true });
      return true;
    } catch (err) {
      if (statusOf(err) === 404) return false;
      throw this.failure(err, `removing the container ${id}`);
    }
  }

  /** Creates a labelled named volume; one of that name already there is used as it is when it carries `labels`, else refused. */
  async createVolume(name: string, labels: Labels): Promise<void> {
    try {
      const docker = await this.api();
      const existing = await docker.getVolume(name).inspect().catch((err: unknown) => {
        if (statusOf(err) === 404) return undefined;
        throw err;
      });
      if (existing) {
        const ours = Object.entries(labels).every(([k, v]) => existing.Labels?.[k] === v);
        if (ours) return;
        throw new ToolError(TestenvErrorCode.dockerError, `a Docker volume named ${name} exists already and is not this session's`, `remove it (\`docker volume rm ${name}\`) if it is not needed, or rename the volume in e2e.yaml`, { volume: name });
      }
      await docker.createVolume({ Name: name, Labels: labels });
    } catch (err) {
      throw this.failure(err, `creating the volume ${name}`);
    }
  }

  async removeVolume(name: string): Promise<'removed' | 'not_found'> {
    try {
      await (await this.api()).getVolume(name).remove({ force: true });
      return 'removed';
    } catch (err) {
      if (statusOf(err) === 404) return 'not_found';
      throw this.failure(err, `removing the volume ${name}`);
    }
  }

  /**
   * Runs `sh -c command` in a running container (the exec API): stdout and stderr as they came, at
   * most MAX_EXEC_OUTPUT bytes, and the exit code. A container not running is CONTAINER_NOT_RUNNING.
   */
  async exec(id: string, command: string, signal: AbortSignal): Promise<{ exitCode: number; output: string; truncated: boolean }> {
    const container = (await this.api()).getContainer(id);
    let stream: NodeJS.ReadableStream & { destroy?: () => void };
    let exec: Docker.Exec;
    try {
      exec = await container.exec({ Cmd: ['sh', '-c', command], AttachStdout: true, AttachStderr: true, Tty: false });
      stream = (await exec.start({ hijack: true, stdin: false })) as typeof stream;
    } catch (err) {
      if (statusOf(err) === 409) throw new ToolError(TestenvErrorCode.containerNotRunning, `the container ${id} is not running, so nothing can be executed in it`, 'preflight_status shows it; preflight_logs shows why it stopped');
      if (statusOf(err) === 404) throw new ToolError(TestenvErrorCode.containerNotFound, `no container ${id} in the engine`, 'preflight_status shows the session\'s containers');
      throw this.failure(err, `executing in ${id}`);
    }
    const frames = new ExecOutput();
    await new Promise<void>((resolve, reject) => {
      const stop = () => {
        stream.destroy?.();
        reject(signal.reason ?? new Error('aborted'));
      };
      if (signal.aborted) return stop();
      signal.addEventListener('abort', stop, { once: true });
      stream.on('data', (chunk: Buffer) => frames.push(chunk));
      stream.on('end', () => (signal.removeEventListener('abort', stop), resolve()));
      stream.on('error', (err: Error) => (signal.removeEventListener('abort', stop), reject(err)));
    });
    const info = await exec.inspect();
    return { exitCode: info.ExitCode ?? -1, output: frames.text(), truncated: frames.truncated };
  }

  /** Containers (all, running or not), networks and volumes carrying every one of `labels`. */
  async findLabelled(labels: Labels): Promise<{ containers: Array<LabelledThing & { state: string }>; networks: LabelledThing[]; volumes: LabelledThing[] }> {
    const filters = JSON.stringify({ label: Object.entries(labels).map(([k, v]) => `${k}=${v}`) });
    try {
      const docker = await this.api();
      const [containers, networks, volumes] = await Promise.all([docker.listContainers({ all: true, filters }), docker.listNetworks({ filters }), docker.listVolumes({ filters })]);
      return {
        containers: containers.map((c) => ({ id: c.Id, name: (c.Names[0] ?? c.Id).replace(/^\//, ''), labels: c.Labels ?? {}, state: c.State })),
        networks: networks.map((n) => ({ id: n.Id, name: n.Name, labels: n.Labels ?? {} })),
        volumes: (volumes.Volumes ?? []).map((v) => ({ id: v.Name, name: v.Name, labels: v.Labels ?? {} })),
      };
    } catch (err) {
      throw this.failure(err, 'listing the studio\'s containers');
    }
  }
}
