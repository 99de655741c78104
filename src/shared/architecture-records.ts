/**
 * The architecture domain (`architecture`, contract: specs/architecture-tools.md, a loko project of
 * C4 systems, containers and components with D2 diagrams) as the view sees it: the records the core
 * publishes on the change feed (a DomainSnapshot of domain `architecture` carries them all) and the
 * validation findings. Shared by main and renderer so that both read the same shapes.
 *
 * Ids are `<kind>:<project>` or `<kind>:<project>#<key>`, `project` being the project folder as the
 * workspace shows it (relative, e.g. `architecture`) and `key` the element's path of ids
 * (`Payments`, `Payments/API`, `Payments/API/Handler`). A record is replaced whole when anything in
 * it changes.
 */

export const ARCHITECTURE_DOMAIN = 'architecture';

export type ElementKind = 'system' | 'container' | 'component';

/** A relationship from an element's frontmatter: `target` is an element key, or a bare id where unique. */
export interface Relationship {
  readonly target: string;
  readonly description?: string;
  readonly technology?: string;
}

/** One loko project: `project:<project>`. */
export interface ArchProjectRecord {
  readonly id: string;
  readonly kind: 'project';
  /** The project folder, relative to the workspace (`architecture`). */
  readonly project: string;
  readonly name: string;
  readonly description: string;
  readonly version: string;
  /** Source and output folders, relative to the project (`src`, `dist`). */
  readonly sourceDir: string;
  readonly outputDir: string;
  /** Why loko.toml could not be read, if so (the project then shows its defaults). */
  readonly configProblem?: string;
  /** The last docs build, when there was one since the studio started. */
  readonly lastBuild?: BuildSummary;
  /** A build running now: files done of the total. */
  readonly building?: { done: number; total: number; origin: string };
}

/** A system, container or component: `<kind>:<project>#<key>`. */
export interface ArchElementRecord {
  readonly id: string;
  readonly kind: ElementKind;
  readonly project: string;
  /** The element's id: its folder name. */
  readonly elementId: string;
  /** Its path of ids: `System`, `System/Container`, `System/Container/Component`. */
  readonly key: string;
  /** The record id of its parent (none for a system). */
  readonly parent?: string;
  /** Its folder, relative to the project (`src/Payments/API`). */
  readonly path: string;
  readonly name: string;
  readonly description: string;
  readonly technology?: string;
  readonly tags: readonly string[];
  readonly relationships: readonly Relationship[];
  /** The markdown after the frontmatter. */
  readonly body: string;
  /** The D2 source of its diagram, when it has one, and where it is (relative to the project). */
  readonly d2?: string;
  readonly d2Path?: string;
  /** The rendered diagram (SVG markup) when it compiled; the last D2 error otherwise. */
  readonly svg?: string;
  readonly diagramError?: { message: string; line?: number };
  /** Why the markdown could not be read (missing, broken frontmatter), if so. */
  readonly problem?: string;
}

/** One validation finding, as validate answers it and the view's validation panel lists it. */
export interface Finding {
  /** A stable code, e.g. `DUPLICATE_SYSTEM_ID`, `D2_SYNTAX_ERROR`, `MISSING_DESCRIPTION`. */
  readonly code: string;
  readonly message: string;
  /** The file or folder, relative to the project, with `:line` where one is known. */
  readonly location: string;
  /** The record id of the element concerned, for the view to go to it. */
  readonly element?: string;
}

/** The last validation of a project: `validation:<project>`. */
export interface ArchValidationRecord {
  readonly id: string;
  readonly kind: 'validation';
  readonly project: string;
  readonly errors: readonly Finding[];
  readonly warnings: readonly Finding[];
  readonly strict: boolean;
  readonly success: boolean;
  readonly at: number;
  readonly origin: string;
}

export interface BuildSummary {
  readonly outputDir: string;
  readonly formats: readonly string[];
  readonly filesGenerated: number;
  readonly diagramsRendered: number;
  readonly cacheHits: number;
  readonly durationMs: number;
  readonly at: number;
  readonly origin: string;
  /** The site's entry page, relative to the workspace, when HTML was built. */
  readonly indexHtml?: string;
}

export type ArchitectureRecord = ArchProjectRecord | ArchElementRecord | ArchValidationRecord;

export const projectRecordId = (project: string) => `project:${project}`;
export const elementRecordId = (kind: ElementKind, project: string, key: string) => `${kind}:${project}#${key}`;
export const validationRecordId = (project: string) => `validation:${project}`;
