/**
 * TEST ONLY. The Docker side of the testenv tests and bench: whether an engine is there (a test
 * that needs one fails under CI without it, and is skipped with the reason elsewhere), and the one
 * fixture builder: project folders whose services are images built FROM scratch with the host's
 * static busybox (no image can be pulled here), serving a health file with `busybox httpd`.
 */
import { chmodSync, copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DockerEngine, LABEL } from '../engine';

/** The static busybox copied into every test image. */
export const BUSYBOX = process.env.TANDEM_TEST_BUSYBOX ?? '/bin/busybox';

export interface DockerForTests {
  engine: DockerEngine;
  /** Why the Docker tests are skipped; undefined when an engine answers. */
  skip?: string;
}

/**
 * The engine the tests use. Under CI an unreachable engine throws (the tests fail); elsewhere the
 * answer says why they are skipped, and the reason is printed once.
 */
export async function dockerForTests(): Promise<DockerForTests> {
  const engine = new DockerEngine();
  try {
    await engine.ping();
    return { engine };
  } catch (err) {
    const reason = `no Docker engine: ${(err as Error).message}`;
    if (process.env.CI) throw new Error(`CI is set and the Docker tests cannot run: ${reason}`);
    console.warn(`testenv Docker tests skipped: ${reason}`);
    return { engine, skip: reason };
  }
}

/** How a fixture service behaves. */
export type ServiceBehaviour =
  /** Serves /www (health file `/health`) on its port; exits 0 on SIGTERM. */
  | 'healthy'
  /** Serves, but has no health file: the probe gets 404 for ever. */
  | 'never-healthy'
  /** Serves, but ignores SIGTERM: only a forced removal ends it. */
  | 'stubborn'
  /** Prints a line and exits 3 at once. */
  | 'crashes';

export interface FixtureService {
  name: string;
  behaviour?: ServiceBehaviour;
  /** The host port; the container listens on 8080. */
  hostPort?: number;
  dependsOn?: string[];
  /** On start, POSTs `{"from": <name>}` to this mock (host.docker.internal:<port><path>). */
  callsMock?: { port: number; path: string };
  /** Health check overrides. */
  healthcheck?: Record<string, unknown>;
  /** Leave the Dockerfile out (for DOCKERFILE_NOT_FOUND). */
  noDockerfile?: boolean;
  /** A Dockerfile whose build fails. */
  brokenBuild?: boolean;
}

export interface FixtureProject {
  /** Project name (unique per test: container names are global in the engine). */
  name: string;
  services: FixtureService[];
  mocks?: Record<string, unknown>;
  suites?: unknown[];
  network?: string;
  /** Files written beside e2e.yaml (name → text). */
  files?: Record<string, string>;
}

/** The script each fixture image runs: its behaviour chosen by the BEHAVIOUR variable. */
const START_SCRIPT = `
echo "service $SERVICE starting ($BEHAVIOUR)"
if [ "$BEHAVIOUR" = crashes ]; then echo "fatal: $SERVICE cannot start"; exit 3; fi
if [ -n "$MOCK_PORT" ]; then
  body="{\\"from\\":\\"$SERVICE\\"}"
  printf 'POST %s HTTP/1.0\\r\\nHost: host.docker.internal\\r\\nContent-Type: application/json\\r\\nContent-Length: %s\\r\\n\\r\\n%s' "$MOCK_PATH" "\${#body}" "$body" | /bin/busybox nc host.docker.internal "$MOCK_PORT" | /bin/busybox head -n 1
fi
if [ "$BEHAVIOUR" = never-healthy ]; then /bin/busybox rm -f /www/health; fi
if [ "$BEHAVIOUR" = stubborn ]; then trap '' TERM; else trap 'echo "service $SERVICE stopping"; exit 0' TERM; fi
/bin/busybox httpd -f -v -p 8080 -h /www &
echo "service $SERVICE listening on 8080"
wait
echo "service $SERVICE: httpd ended"
`;

const DOCKERFILE = `FROM scratch
COPY busybox /bin/busybox
COPY www /www
COPY start.sh /start.sh
ENTRYPOINT ["/bin/busybox", "sh", "/start.sh"]
`;

/** The environment a fixture service gets (through e2e.yaml). */
function environmentOf(project: FixtureProject, service: FixtureService): Record<string, string> {
  return {
    SERVICE: service.name,
    BEHAVIOUR: service.behaviour ?? 'healthy',
    ...(service.callsMock ? { MOCK_PORT: String(service.callsMock.port), MOCK_PATH: service.callsMock.path } : {}),
    PROJECT: project.name,
  };
}

/**
 * Writes the project into `dir` (a build context per service under services/<name>, and e2e.yaml
 * written as JSON, which is YAML too); answers the e2e.yaml path.
 */
export function writeFixtureProject(dir: string, project: FixtureProject): string {
  mkdirSync(dir, { recursive: true });
  const services = project.services.map((service) => {
    const context = join(dir, 'services', service.name);
    mkdirSync(join(context, 'www'), { recursive: true });
    copyFileSync(BUSYBOX, join(context, 'busybox'));
    writeFileSync(join(context, 'www', 'health'), 'ok\n');
    writeFileSync(join(context, 'www', 'index.html'), `<h1>${service.name}</h1>\n`);
    writeFileSync(join(context, 'start.sh'), START_SCRIPT);
    if (!service.noDockerfile) writeFileSync(join(context, 'Dockerfile'), service.brokenBuild ? `${DOCKERFILE}RUN /bin/does-not-exist\n` : DOCKERFILE);
    return {
      name: service.name,
      build: { context: `services/${service.name}`, image: `tandem-test-${project.name}-${service.name}:e2e` },
      container: {
        name: `${project.name}-${service.name}`,
        ports: service.hostPort ? [`${service.hostPort}:8080`] : [],
        environment: environmentOf(project, service),
        healthcheck: { path: '/health', interval: '200ms', timeout: '20s', ...service.healthcheck },
      },
      dependsOn: service.dependsOn ?? [],
    };
  });
  const config = {
    version: '1',
    project: { name: project.name, description: 'a fixture of the testenv tests' },
    services,
    mocks: project.mocks ?? {},
    tests: { suites: project.suites ?? [] },
    ...(project.network ? { network: { name: project.network } } : {}),
  };
  for (const [name, text] of Object.entries(project.files ?? {})) writeFileSync(join(dir, name), text);
  const configPath = join(dir, 'e2e.yaml');
  writeFileSync(configPath, JSON.stringify(config, null, 2));
  return configPath;
}

/**
 * What the engine still holds that carries the workspace's label: names of containers and networks,
 * and of volumes when there are any (so that `toEqual({containers: [], networks: []})` also fails on a volume left).
 */
export async function leftovers(engine: DockerEngine, workspace: string): Promise<{ containers: string[]; networks: string[]; volumes?: string[] }> {
  const found = await engine.findLabelled({ [LABEL.workspace]: workspace });
  const volumes = found.volumes.map((v) => v.name);
  return { containers: found.containers.map((c) => c.name), networks: found.networks.map((n) => n.name), ...(volumes.length ? { volumes } : {}) };
}

/** Removes everything labelled with `workspace` (test cleanup, whatever a test left). */
export async function removeLabelled(engine: DockerEngine, workspace: string): Promise<void> {
  const found = await engine.findLabelled({ [LABEL.workspace]: workspace });
  await Promise.all(found.containers.map((c) => engine.forceRemove(c.id).catch(() => undefined)));
  await Promise.all(found.networks.map((n) => engine.removeNetwork(n.id).catch(() => undefined)));
  await Promise.all(found.volumes.map((v) => engine.removeVolume(v.name).catch(() => undefined)));
}

/** Removes the images whose names start with `prefix` (the fixtures' `tandem-test-<project>-...`). */
export async function removeImages(engine: DockerEngine, prefix: string): Promise<void> {
  const docker = await engine.api();
  const images = await docker.listImages({ filters: JSON.stringify({ reference: [`${prefix}*`] }) });
  // By tag, never by id: the fixtures build identical images, so one id carries the tags of other
  // tests (and helpers) that may be using theirs right now.
  const tags = images.flatMap((image) => image.RepoTags ?? []).filter((tag) => tag.startsWith(prefix));
  await Promise.all(tags.map((tag) => docker.getImage(tag).remove().catch(() => undefined)));
}

/**
 * An image's build context at `context` for a Preflight-layout project: busybox (also as /bin/sh,
 * which exec steps run), its applets installed at start, /www (a health file and `files`, executable
 * so that cgi-bin scripts run) and `start` as the command.
 */
export function writeBusyboxImage(context: string, start: string, files: Record<string, string> = {}): void {
  mkdirSync(join(context, 'www', 'cgi-bin'), { recursive: true });
  copyFileSync(BUSYBOX, join(context, 'busybox'));
  writeFileSync(join(context, 'www', 'health'), 'ok\n');
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(context, 'www', name), text);
    chmodSync(join(context, 'www', name), 0o755);
  }
  const command = JSON.stringify(`/bin/busybox --install -s /bin && ${start}`);
  writeFileSync(join(context, 'Dockerfile'), `FROM scratch\nCOPY busybox /bin/busybox\nCOPY busybox /bin/sh\nCOPY www /www\nENTRYPOINT ["/bin/busybox", "sh", "-c", ${command}]\n`);
}
