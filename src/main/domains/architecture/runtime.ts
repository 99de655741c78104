/**
 * The architecture domain's live state: the open projects (one model each, kept in step with the
 * disk by a watcher), D2 (its own process) and its diagram cache, and the records the view sees. Every
 * change, whoever made it (a tool, the person in the view, an editor writing a file), ends in
 * `sync`, which publishes the records that changed on the change feed with who made the change.
 */
import { existsSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import {
  type ArchElementRecord,
  type ArchProjectRecord,
  type ArchValidationRecord,
  elementRecordId,
  projectRecordId,
} from '../../../shared/architecture-records';
import type { ToolDomainHost } from '../../tool-domain/domain';
import { D2Service } from './d2-service';
import { DiagramCache, readManifest, svgFileOf, upToDate, diagramHash } from './diagrams';
import { ArchError, Codes } from './errors';
import { ProjectModel } from './model';
import { FolderWatcher } from './watcher';
import { CONFIG_FILE } from './project-files';
import { DEFAULT_PROJECT, defaultConfig, type ElementData, elementFacts, type LokoConfig, type ProjectData, ProjectReadError, readConfigFile, readProject } from './project';
import { checkStamp, stampPaths, unchangedSince } from './stamp';

export const READ_PROJECT_TASK = 'readProject';
export const CHECK_STAMP_TASK = 'checkStamp';
/** How long the watcher waits for a burst of file events to end before reading the project again. */
const SETTLE_MS = 60;

export interface ReadProjectInput {
  root: string;
  rel: string;
  /** The stamp of what the model holds (its paths and digest): when the files still match it, nothing is read. */
  unless?: { paths: string[]; digest: string };
}

/** The readProject task's answer: the data, or why there is no project (kept plain to cross threads). */
export type ReadProjectOutput = { data: ProjectData } | { unchanged: true } | { missing: ProjectReadError['kind']; message: string };

export function readProjectTask({ root, rel, unless }: ReadProjectInput): ReadProjectOutput {
  try {
    if (unless && checkStamp(root, unless.paths) === unless.digest) return { unchanged: true };
    return { data: readProject(root, rel) };
  } catch (err) {
    if (err instanceof ProjectReadError) return { missing: err.kind, message: err.message };
    throw err;
  }
}

export interface CheckStampInput {
  root: string;
  /** stampPaths of the model's stamp. */
  paths: string[];
}

export function checkStampTask({ root, paths }: CheckStampInput): string {
  return checkStamp(root, paths);
}

export interface OpenProject {
  model: ProjectModel;
  watcher?: FolderWatcher;
  /** The last read of the disk asked for (reads run one after another), which calls wait for. */
  reading?: Promise<void>;
  /** A read queued behind the one under way and not started yet: a new reason to read joins it. */
  queuedRead?: Promise<void>;
  /** What was last published, by record id: a signature of each record (its SVG by hash). */
  published: Map<string, string>;
  validation?: ArchValidationRecord;
  building?: ArchProjectRecord['building'];
  lastBuild?: ArchProjectRecord['lastBuild'];
  /** The output folder's build manifest, as last read (for rendered SVGs on disk). */
  backgroundRender?: Promise<void>;
  /** Asked for while a pass was under way: one more pass follows it. */
  renderAgain?: boolean;
  /** Diagrams the background pass rendered that no publish has carried yet. */
  rendersWaiting?: boolean;
}

/** The activity's line for a caller's change that left the project as it was. */
export const UNCHANGED_LINE = 'no change: the project already said so';

export class ArchitectureRuntime {
  readonly projects = new Map<string, OpenProject>();
  readonly d2: D2Service;
  readonly diagrams: DiagramCache;
  private closed = false;
  /** First reads under way, by project. */
  private readonly opening = new Map<string, Promise<ReadProjectOutput>>();
  private readonly recordCache = new WeakMap<ElementData, { record: ArchElementRecord; signature: string; rendered: unknown; project: string; relationships: unknown }>();

  constructor(readonly host: ToolDomainHost) {
    this.d2 = new D2Service((m) => host.log(m));
    this.diagrams = new DiagramCache(this.d2);
  }

  /**
   * The project a call names (absolute or workspace-relative; the default project without one),
   * opened and watched on first use. A path outside the workspace is refused by the host
   * (PERMISSION_DENIED in the envelope); a missing project or loko.toml is NOT_FOUND.
   * `whileCatchingUp` is given the project as open so far, when the call must bring it up to date
   * with the disk first (a pool worker's stat of every file): work to start meanwhile.
   */
  async project(path: string | undefined, whileCatchingUp?: (open: OpenProject) => void): Promise<OpenProject> {
    const resolved = this.host.resolvePath(path?.trim() || DEFAULT_PROJECT);
    const rel = resolved.rel;
    const catchUp = (project: OpenProject) => {
      try {
        if (whileCatchingUp && !project.model.data.configProblem) whileCatchingUp(project);
      } catch {
        /* only a head start: the call meets the same trouble itself once caught up */
      }
      return this.catchUp(project);
    };
    let open = this.projects.get(rel);
    if (open) await catchUp(open);
    else {
      const answer = await this.firstRead(resolved.abs, rel);
      if ('unchanged' in answer) throw new Error('a first read has no stamp to be unchanged from');
      if ('missing' in answer) {
        throw new ArchError(Codes.notFound, answer.message, answer.missing === 'no_config' ? `init_project({project_path: "${rel}"}) makes it a loko project` : `init_project({project_path: "${rel}"}) creates one there`);
      }
      // Another call may have opened it meanwhile.
      open = this.projects.get(rel);
      if (!open) {
        // D2 gets ready now, ahead of the first diagram (nothing waits for it here): the WASM build, which takes seconds to load, for an ELK project.
        void this.d2.start(answer.data.config.layout).catch(() => undefined);
        open = { model: new ProjectModel(rel, answer.data), published: new Map() };
        this.projects.set(rel, open);
        this.watch(open);
        this.sync(open, 'architecture', `open ${rel}`);
        this.renderAhead(open);
      } else await catchUp(open);
    }
    // Diagrams rendered in the background go out as theirs before this call changes anything: swept
    // into the call's own publish, they were the call's, and a call that changed nothing lost the
    // line that says so.
    if (open.rendersWaiting) this.sync(open, 'architecture', 'diagrams rendered');
    // Opened and watched all the same, so that the view shows why and the fix is seen at once.
    const broken = open.model.data.configProblem;
    if (broken) {
      const where = `${CONFIG_FILE}${broken.line ? `:${broken.line}` : ''}`;
      throw new ArchError(Codes.invalidSyntax, `${rel}/${where}: ${CONFIG_FILE} is not valid TOML: ${broken.message}`, `fix ${CONFIG_FILE} at line ${broken.line ?? 1}; nothing was read or written until it parses`, where);
    }
    return open;
  }

  /**
   * Starts rendering `source` with the theme and layout of the project as it is open now, so that D2
   * works while the call brings the project up to date with the disk (a pool worker's stat of every
   * file). The call's own render, with the config it then has, joins this one (the cache keys
   * renders by source and config) or, should loko.toml have changed meanwhile, renders anew.
   */
  renderWhileCatchingUp(path: string | undefined, source: string): void {
    let rel: string;
    try {
      rel = this.host.resolvePath(path?.trim() || DEFAULT_PROJECT).rel;
    } catch {
      return;
    }
    const open = this.projects.get(rel);
    // A failure (the studio closing) is the call's own render's to report.
    if (open && !open.model.data.configProblem) this.diagrams.render(source, open.model.config).catch(() => undefined);
  }

  /**
   * The theme and layout a preview of this project renders with (the default project's without a
   * path; a preview's own when there is no usable project). An open project answers from its model,
   * up to date with the disk; one not open yet from its loko.toml alone, while the project opens
   * behind it, so that the first preview after the studio starts need not wait for the whole read.
   */
  async diagramConfig(path: string | undefined): Promise<LokoConfig> {
    const fallback = defaultConfig('preview');
    let resolved: { abs: string; rel: string };
    try {
      resolved = this.host.resolvePath(path?.trim() || DEFAULT_PROJECT);
    } catch {
      return fallback;
    }
    if (this.projects.has(resolved.rel)) return this.project(path).then((open) => open.model.config, () => fallback);
    const opening = this.project(path);
    opening.catch(() => undefined);
    try {
      const { config, problem } = readConfigFile(resolved.abs, resolved.rel);
      return problem ? fallback : config;
    } catch {
      return fallback;
    }
  }

  /**
   * The first read of a project not open yet: calls that arrive while it runs (the studio opening
   * its default project, and the first tool call) share it rather than each reading the project.
   */
  private firstRead(root: string, rel: string): Promise<ReadProjectOutput> {
    let reading = this.opening.get(rel);
    if (!reading) {
      reading = (this.host.offload(READ_PROJECT_TASK, { root, rel } satisfies ReadProjectInput) as Promise<ReadProjectOutput>).finally(() => this.opening.delete(rel));
      this.opening.set(rel, reading);
    }
    return reading;
  }

  /**
   * Brings an open project up to date with the disk before a call uses it: the files' stamp (a
   * stat of each file and folder the last read saw, in a pool worker) is checked against the last
   * read's, and the project read again when they differ. The watcher alone cannot promise this:
   * its events are dispatched on the event loop some time after the write (even a turn of the loop
   * later they may not have come), and a call that arrives first would answer from what was there.
   */
  private async catchUp(open: OpenProject): Promise<void> {
    const { model } = open;
    const digest = (await this.host.offload(CHECK_STAMP_TASK, { root: model.root, paths: stampPaths(model.data.stamp) } satisfies CheckStampInput)) as string;
    // Equal: the model holds what is on disk, and a read under way (the watcher's) can bring nothing newer.
    if (digest === open.model.data.stamp.digest) return;
    await this.reload(open);
    // And the read that one queued, if a write of ours came while it read.
    await open.reading;
  }

  /** Opens the default project at start, when the workspace has one, so the view shows it at once. */
  async openDefault(): Promise<void> {
    // Most workspaces have none: no D2 process is started just to find that out.
    if (!existsSync(join(this.host.workspace, DEFAULT_PROJECT, CONFIG_FILE))) return;
    // D2 gets ready while the project is read (a pool worker), not after.
    void this.d2.start().catch(() => undefined);
    try {
      await this.project(undefined);
    } catch (err) {
      // No project there after all, a loko.toml to fix (the view shows it), or the studio closed while it opened: nothing to say.
      if (!(err instanceof ArchError && (err.code === Codes.notFound || err.code === Codes.invalidSyntax)) && !this.closed) throw err;
    }
  }

  private watch(open: OpenProject): void {
    open.watcher = new FolderWatcher(
      open.model.root,
      (path) => this.ignored(open, path),
      (paths) => {
        // Only the echo of the studio's own writes (the model stamped them as it wrote): nothing to read.
        if (paths && unchangedSince(open.model.data.stamp, open.model.root, paths)) return;
        void this.reload(open);
      },
      (message) => this.host.log(`${open.model.rel}: ${message}`),
      SETTLE_MS,
    );
  }

  /** The output folder, hidden files (editors' swap files, our temp files) and the build's own files. */
  private ignored(open: OpenProject, path: string): boolean {
    const out = open.model.config.outputDir.replace(/^\.\/|\/+$/g, '');
    return path === out || path.startsWith(`${out}/`) || path.split('/').some((part) => part.startsWith('.'));
  }

  /**
   * Reads the whole project again (in a worker) and publishes what changed, as the disk's doing.
   * Reads run one after another, so that an older read never lands after a newer one; a reason to
   * read that comes while one is queued joins it (it has not started, so it will see the change).
   */
  private reload(open: OpenProject): Promise<void> {
    if (open.queuedRead) return open.queuedRead;
    const queued = (open.reading ?? Promise.resolve()).then(() => {
      open.queuedRead = undefined;
      return this.readAgain(open);
    });
    open.queuedRead = queued;
    open.reading = queued;
    return queued;
  }

  private async readAgain(open: OpenProject): Promise<void> {
    if (this.closed || this.projects.get(open.model.rel) !== open) return;
    try {
      const { model } = open;
      const unless = { paths: stampPaths(model.data.stamp), digest: model.data.stamp.digest };
      const answer = (await this.host.offload(READ_PROJECT_TASK, { root: model.root, rel: model.rel, unless } satisfies ReadProjectInput)) as ReadProjectOutput;
      // The watcher's echo of our own writes, or a burst already read: nothing to do.
      if ('unchanged' in answer) return;
      // A tool wrote meanwhile: this read may have missed it, so it is not put in; another read follows.
      if (model.data.stamp.digest !== unless.digest) return void this.reload(open);
      if ('missing' in answer) {
        this.host.log(`${open.model.rel}: ${answer.message}; closing it`);
        this.forget(open, 'disk', `${open.model.rel} is gone`);
        return;
      }
      open.model.replace(answer.data);
      this.sync(open, 'disk', 'files changed on disk');
      this.renderAhead(open);
    } catch (err) {
      this.host.log(`${open.model.rel}: reading it again failed: ${(err as Error).message}`);
    }
  }

  /** Publishes every record of the project that differs from what was last published, and removals; answers whether anything was. */
  sync(open: OpenProject, origin: string, label: string, lines: string[] = []): boolean {
    if (this.closed) return false;
    open.rendersWaiting = false;
    const records = this.records(open);
    const put: (ArchElementRecord | ArchProjectRecord | ArchValidationRecord)[] = [];
    const seen = new Set<string>();
    for (const { record, signature } of records) {
      seen.add(record.id);
      if (open.published.get(record.id) !== signature) {
        open.published.set(record.id, signature);
        put.push(record);
      }
    }
    const removed = [...open.published.keys()].filter((id) => !seen.has(id));
    for (const id of removed) open.published.delete(id);
    if (put.length || removed.length) this.host.publish({ origin, label, lines, put, removed });
    return put.length > 0 || removed.length > 0;
  }

  /**
   * A caller's change, published as sync publishes it; a call that changed nothing (an update to
   * what the files already say) is published too, as an entry that says so, so the activity shows
   * the call rather than the edit before it, or "no edits yet".
   */
  syncCall(open: OpenProject, origin: string, label: string, lines: string[] = []): void {
    if (!this.sync(open, origin, label, lines) && !this.closed) this.host.publish({ origin, label, lines: [...lines, UNCHANGED_LINE] });
  }

  private forget(open: OpenProject, origin: string, label: string): void {
    open.watcher?.close();
    this.projects.delete(open.model.rel);
    const removed = [...open.published.keys()];
    if (removed.length) this.host.publish({ origin, label, removed });
  }

  private records(open: OpenProject, elements = true): { record: ArchElementRecord | ArchProjectRecord | ArchValidationRecord; signature: string }[] {
    const { model } = open;
    const project: ArchProjectRecord = {
      id: projectRecordId(model.rel),
      kind: 'project',
      project: model.rel,
      name: model.config.name,
      description: model.config.description,
      version: model.config.version,
      sourceDir: model.config.sourceDir,
      outputDir: model.config.outputDir,
      ...(model.data.configProblem ? { configProblem: `loko.toml${model.data.configProblem.line ? `:${model.data.configProblem.line}` : ''}: ${model.data.configProblem.message}` } : {}),
      ...(open.lastBuild ? { lastBuild: open.lastBuild } : {}),
      ...(open.building ? { building: open.building } : {}),
    };
    const out: { record: ArchElementRecord | ArchProjectRecord | ArchValidationRecord; signature: string }[] = [{ record: project, signature: JSON.stringify(project) }];
    if (!elements) return out;
    for (const element of model.elements) out.push(this.cachedRecord(model, element));
    if (open.validation) out.push({ record: open.validation, signature: JSON.stringify(open.validation) });
    return out;
  }

  /**
   * An element's record and signature, made again only when the element changed (a write or a read
   * of the disk makes a new ElementData) or its diagram's rendering arrived: a write then costs one
   * record, not the project's hundreds.
   */
  private cachedRecord(model: ProjectModel, element: ElementData): { record: ArchElementRecord; signature: string } {
    const rendered = element.d2 !== undefined ? this.diagrams.peek(element.d2, model.config) : undefined;
    // Another element's change may resolve or break one of this element's relationships.
    const relationships = model.relationshipsOf(element);
    const cached = this.recordCache.get(element);
    if (cached && cached.rendered === rendered && cached.project === model.rel && cached.relationships === relationships) return cached;
    const record = this.elementRecord(model, element);
    const { svg, ...rest } = record;
    const entry = { record, rendered, project: model.rel, relationships, signature: JSON.stringify(rest) + (svg ? diagramHash(element.d2 ?? '', model.config) : '') };
    this.recordCache.set(element, entry);
    return entry;
  }

  /** Publishes the project record alone (a build's progress), leaving the elements be. */
  syncProject(open: OpenProject, origin: string, label: string): void {
    const { record, signature } = this.records(open, false)[0];
    if (open.published.get(record.id) === signature) return;
    open.published.set(record.id, signature);
    this.host.publish({ origin, label, put: [record] });
  }

  elementRecord(model: ProjectModel, element: ElementData): ArchElementRecord {
    const parentKey = element.key.includes('/') ? element.key.slice(0, element.key.lastIndexOf('/')) : undefined;
    const parent = parentKey ? model.get(parentKey) : undefined;
    const rendered = element.d2 !== undefined ? this.diagrams.peek(element.d2, model.config) : undefined;
    const problem = element.problems.map((p) => `${p.location}: ${p.message}`).join('; ');
    return {
      id: elementRecordId(element.kind, model.rel, element.key),
      kind: element.kind,
      project: model.rel,
      elementId: element.id,
      key: element.key,
      ...(parent ? { parent: elementRecordId(parent.kind, model.rel, parent.key) } : {}),
      path: element.dir,
      ...elementFacts(element, model.relationshipsOf(element)),
      ...(element.d2 !== undefined ? { d2: element.d2, d2Path: element.d2Path } : {}),
      ...(rendered && 'svg' in rendered ? { svg: rendered.svg } : {}),
      ...(rendered && 'error' in rendered ? { diagramError: { message: rendered.error.message, ...(rendered.error.line ? { line: rendered.error.line } : {}) } } : {}),
      ...(problem ? { problem } : {}),
    };
  }

  /**
   * Renders, behind any caller's request, the diagrams the view has no SVG for yet, and publishes
   * them as they come (in batches). A diagram the last build rendered is read from disk instead.
   */
  renderAhead(open: OpenProject): void {
    // A pass under way may have read the elements before this change: it goes round once more after.
    if (open.backgroundRender) {
      open.renderAgain = true;
      return;
    }
    open.backgroundRender = (async () => {
      const { model } = open;
      const outAbs = join(model.root, model.config.outputDir);
      const manifest = readManifest(outAbs);
      let fresh = 0;
      for (const element of model.elements) {
        if (this.closed || this.projects.get(model.rel) !== open) return;
        if (element.d2 === undefined || this.diagrams.peek(element.d2, model.config)) continue;
        const file = svgFileOf(element);
        if (upToDate(outAbs, manifest, file, diagramHash(element.d2, model.config))) this.diagrams.loadRendered(element.d2, model.config, join(outAbs, file));
        else await this.diagrams.render(element.d2, model.config, true);
        open.rendersWaiting = true;
        if (++fresh % 10 === 0) this.sync(open, 'architecture', 'diagrams rendered');
      }
      if (fresh) this.sync(open, 'architecture', 'diagrams rendered');
    })()
      .catch((err) => this.host.log(`rendering the diagrams of ${open.model.rel} failed: ${(err as Error).message}`))
      .finally(() => {
        open.backgroundRender = undefined;
        if (open.renderAgain && !this.closed) {
          open.renderAgain = false;
          this.renderAhead(open);
        }
      });
  }

  /** The time loko.toml was made and the newest change to a source file, for query_project. */
  times(model: ProjectModel): { created_at?: string; updated_at?: string } {
    try {
      const config = statSync(join(model.root, 'loko.toml'));
      const newest = Math.max(config.mtimeMs, ...model.elements.flatMap((e) => [e.mdMtime ?? 0, e.d2Mtime ?? 0]));
      return { created_at: new Date(config.birthtimeMs || config.ctimeMs).toISOString(), updated_at: new Date(newest).toISOString() };
    } catch {
      return {};
    }
  }

  /** A path relative to the workspace, for answers. */
  workspacePath(abs: string): string {
    return relative(this.host.workspace, abs).split(sep).join('/') || '.';
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const open of this.projects.values()) open.watcher?.close();
    await this.d2.close();
  }
}
