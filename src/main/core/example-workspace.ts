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
import { chmodSync, copyFileSync, cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

export function describeExample(workspace: string, source = exampleDir()): ExampleState {
  const entries = source ? readdirSync(source) : [];
  return {
    welcome: existsSync(join(workspace, RUNTIME_DIR, WELCOME_MARKER)),
    workspace,
    available: source !== undefined,
    conflicts: entries.filter((name) => existsSync(join(workspace, name))),
  };
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
  const { conflicts } = describeExample(target, source);
  if (conflicts.length) {
    throw new StudioError(
      ErrorCode.conflict,
      `the workspace ${target} already has ${conflicts.join(', ')}: the example is copied only where it overwrites nothing`,
      'start the studio on an empty folder (tandem serve --workspace DIR) and open the example there, or move those away',
    );
  }
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

const isToolError = (answer: { isError?: boolean }) => answer.isError === true;
const answerText = (answer: { content: unknown[] }) => answer.content.map((part) => (part as { text?: string }).text ?? '').join(' ').slice(0, 300);

/** Copies the example into the studio's workspace and opens it in every view (see the module comment). */
export async function openExample(studio: StudioCore): Promise<ExampleOpened> {
  const copied = copyExample(studio.workspace);
  dismissWelcome(studio.workspace);
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
  if (has('drawio')) await attempt('the diagram', () => studio.fcp('drawio').session(`open ${EXAMPLE_FILES.diagram}`, PERSON_ORIGIN));
  if (has('midi')) await attempt('the song', () => studio.fcp('midi').session(`open ${EXAMPLE_FILES.song}`, PERSON_ORIGIN));
  if (has('tasks')) {
    await attempt('the todo project', () => studio.callTool('tasks', 'add_project', { name: EXAMPLE_TODO_PROJECT }, person));
    for (const todo of exampleTodos(studio.workspace)) {
      await attempt(`the todo "${String(todo.description)}"`, () => studio.callTool('tasks', 'add_todo', { ...todo, project_id: EXAMPLE_TODO_PROJECT }, person));
    }
  }
  if (has('testenv')) await attempt('the test project', () => studio.callTool('testenv', 'preflight_init', { projectPath: EXAMPLE_FILES.testProject }, person));
  // The architecture domain opens (and watches) a project on first use: then its view shows it.
  if (has('architecture')) await attempt('the C4 project', () => studio.callTool('architecture', 'query_project', { project_path: EXAMPLE_FILES.architecture }, person));
  if (has('context')) await attempt('the rules', () => studio.callTool('context', 'context_current_manifest', {}, person));
  return { workspace: studio.workspace, copied, problems };
}
