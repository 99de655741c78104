/**
 * The example workspace (resources/example-workspace: a diagram, a song, a test project, todos, a C4
 * project and governance rules) and the welcome a new person sees. "Open the example" copies it
 * into the studio's workspace, never over anything there and never changing resources/, then opens
 * its diagram and song, adds its todos through the tasks tools, inits its test project and has the
 * context domain read its rules: every view shows something.
 *
 * The welcome shows while `.tandem/welcome` exists: written when a start created the workspace
 * folder (a new person's ~/Tandem), removed when the person dismisses the welcome or opens the example.
 */
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { type ExampleOpened, type ExampleState, PERSON_ORIGIN } from '../../shared/tandem-api';
import { ErrorCode, StudioError } from '../kernel/errors';
import { resourceDir } from '../kernel/resources';
import type { StudioCore } from './studio-api';

export const EXAMPLE_FOLDER = 'example-workspace';
const WELCOME_MARKER = 'welcome';
const RUNTIME_DIR = '.tandem';

/** What the example holds, by domain (paths inside the example folder). */
export const EXAMPLE_FILES = {
  diagram: 'diagrams/shop.drawio',
  song: 'music/shop-jingle.mid',
  testProject: 'shop-tests',
  todos: 'todos.json',
  architecture: 'architecture',
  rules: 'logic64-state.json',
} as const;
export const EXAMPLE_TODO_PROJECT = 'shop example';
/** Where the test project's image wants its static busybox (its Dockerfile copies it FROM scratch). */
const BUSYBOX_IN_EXAMPLE = 'shop-tests/repos/web/busybox';

/** resources/example-workspace, or undefined where the studio has no resources folder. */
export function exampleDir(): string | undefined {
  return resourceDir(EXAMPLE_FOLDER, 'README.md');
}

/** Called when a start created the workspace folder: the welcome is due. */
export function markNewWorkspace(runtimeDir: string): void {
  writeFileSync(join(runtimeDir, WELCOME_MARKER), 'The studio shows its welcome while this file exists.\n');
}

export function dismissWelcome(workspace: string): void {
  rmSync(join(workspace, RUNTIME_DIR, WELCOME_MARKER), { force: true });
}

/** The folder a person names for the example: absolute, or relative to the workspace; the workspace itself when empty. */
export interface ExampleFolder {
  abs: string;
  /** Relative to the workspace, '' for the workspace itself: where the views open its files. */
  rel: string;
}

/** The deepest part of `path` that exists, as the disk resolves it (links followed). */
function existingRealPath(path: string): string {
  let at = path;
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  return join(realpathSync(at), relative(at, path));
}

/**
 * Where the example goes: `folder` inside the workspace (the views open only what is inside it),
 * not through a link that leads out of it. Anything else is refused with outside_workspace.
 */
export function exampleFolder(workspace: string, folder = ''): ExampleFolder {
  const named = folder.trim();
  const abs = resolve(workspace, named.replace(/^~(?=$|[\\/])/, homedir()));
  const rel = relative(workspace, abs);
  const realRel = relative(realpathSync(workspace), existingRealPath(abs));
  const outside = (path: string) => path === '..' || path.startsWith(`..${sep}`) || isAbsolute(path);
  if (named.includes('\0') || outside(rel) || outside(realRel)) {
    throw new StudioError(
      'outside_workspace',
      `${abs} is outside the workspace ${workspace}: the views open only files inside it`,
      `a folder inside it, e.g. ${join(workspace, 'example')}; or start the studio there (tandem serve --workspace DIR)`,
    );
  }
  return { abs, rel: rel.split(sep).join('/') };
}

/** The welcome's state, and what copying the example into `folder` (see exampleFolder) would meet there. */
export function describeExample(workspace: string, folder?: string, source = exampleDir()): ExampleState {
  const target = exampleFolder(workspace, folder).abs;
  return {
    welcome: existsSync(join(workspace, RUNTIME_DIR, WELCOME_MARKER)),
    workspace,
    folder: target,
    available: source !== undefined,
    conflicts: conflictsIn(target, source),
  };
}

/** The example's top-level entries `target` already has (none where it does not exist yet). */
function conflictsIn(target: string, source: string | undefined): string[] {
  return source ? readdirSync(source).filter((name) => existsSync(join(target, name))) : [];
}

/** The static busybox the test project's image is built with: TANDEM_BUSYBOX, else the system's. */
function staticBusybox(): string | undefined {
  const candidate = process.env.TANDEM_BUSYBOX ?? '/bin/busybox';
  return existsSync(candidate) && statSync(candidate).isFile() ? candidate : undefined;
}

/**
 * Copies the example into `target` (which must not have any of its entries: nothing is
 * overwritten), and the system's busybox into the test project where there is one. Answers the
 * top-level entries copied.
 */
export function copyExample(target: string, source = exampleDir()): string[] {
  if (!source) throw new StudioError('example_missing', 'this studio has no example workspace (resources/example-workspace is missing)', 'reinstall the studio');
  const conflicts = conflictsIn(target, source);
  if (conflicts.length) {
    throw new StudioError(
      ErrorCode.conflict,
      `${target} already has ${conflicts.join(', ')}: the example is copied only where it overwrites nothing`,
      'pick another folder for it (a new one inside the workspace), start the studio on an empty folder (tandem serve --workspace DIR), or move those away',
    );
  }
  if (existsSync(target) && !statSync(target).isDirectory()) {
    throw new StudioError(ErrorCode.conflict, `${target} is a file: the example needs a folder`, `pick a folder, e.g. ${target}-example`);
  }
  mkdirSync(target, { recursive: true });
  const entries = readdirSync(source);
  for (const name of entries) cpSync(join(source, name), join(target, name), { recursive: true, errorOnExist: true, force: false });
  const busybox = staticBusybox();
  if (busybox) {
    copyFileSync(busybox, join(target, BUSYBOX_IN_EXAMPLE));
    chmodSync(join(target, BUSYBOX_IN_EXAMPLE), 0o755);
  }
  return entries;
}

/** The todos the example adds, as add_todo takes them (todos.json). */
export function exampleTodos(folder: string): Record<string, unknown>[] {
  const todos: unknown = JSON.parse(readFileSync(join(folder, EXAMPLE_FILES.todos), 'utf8'));
  if (!Array.isArray(todos)) throw new StudioError(ErrorCode.parse, `${EXAMPLE_FILES.todos} is not a list of todos`);
  return todos as Record<string, unknown>[];
}

/** A path as one argument of a session action (a folder the person named may hold spaces). */
const quoted = (path: string) => JSON.stringify(path);

const isToolError = (answer: { isError?: boolean }) => answer.isError === true;
const answerText = (answer: { content: unknown[] }) => answer.content.map((part) => (part as { text?: string }).text ?? '').join(' ').slice(0, 300);

/**
 * Copies the example into `folder` (the workspace unless the person chose a folder inside it) and
 * opens it in every view (see the module comment). The rules are read from the workspace's own
 * folder, so the Context view shows the example's only when it goes there.
 */
export async function openExample(studio: StudioCore, folder?: string): Promise<ExampleOpened> {
  const target = exampleFolder(studio.workspace, folder);
  const copied = copyExample(target.abs);
  dismissWelcome(studio.workspace);
  const at = (path: string) => (target.rel ? `${target.rel}/${path}` : path);
  const problems: string[] = [];
  const person = { origin: PERSON_ORIGIN };
  const attempt = async (what: string, step: () => Promise<{ isError?: boolean; text?: string; content?: unknown[] }>) => {
    try {
      const answer = await step();
      if (isToolError(answer)) problems.push(`${what}: ${answer.text ?? answerText({ content: answer.content ?? [] })}`);
    } catch (err) {
      problems.push(`${what}: ${(err as Error).message}`);
    }
  };
  const has = (domain: string) => studio.fcpDomains.includes(domain) || studio.toolDomains.includes(domain);
  if (has('drawio')) await attempt('the diagram', () => studio.fcp('drawio').session(`open ${quoted(at(EXAMPLE_FILES.diagram))}`, PERSON_ORIGIN));
  if (has('midi')) await attempt('the song', () => studio.fcp('midi').session(`open ${quoted(at(EXAMPLE_FILES.song))}`, PERSON_ORIGIN));
  if (has('tasks')) {
    await attempt('the todo project', () => studio.callTool('tasks', 'add_project', { name: EXAMPLE_TODO_PROJECT }, person));
    for (const todo of exampleTodos(target.abs)) {
      await attempt(`the todo "${String(todo.description)}"`, () => studio.callTool('tasks', 'add_todo', { ...todo, project_id: EXAMPLE_TODO_PROJECT }, person));
    }
  }
  if (has('testenv')) await attempt('the test project', () => studio.callTool('testenv', 'preflight_init', { projectPath: at(EXAMPLE_FILES.testProject) }, person));
  // The architecture domain opens (and watches) a project on first use: then its view shows it.
  if (has('architecture')) await attempt('the C4 project', () => studio.callTool('architecture', 'query_project', { project_path: at(EXAMPLE_FILES.architecture) }, person));
  if (has('context') && !target.rel) await attempt('the rules', () => studio.callTool('context', 'context_current_manifest', {}, person));
  return { workspace: studio.workspace, folder: target.abs, copied, problems };
}
