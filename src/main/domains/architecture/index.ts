/**
 * The architecture domain (toolset `architecture`): C4 documentation as code in loko projects, the
 * eight tools of specs/architecture-tools.md (query_project, query_architecture, create_system,
 * create_container, create_component, update_diagram, build_docs, validate) answered in its
 * envelope, and four of the studio's own: init_project (creates a project), update_element and
 * delete_element (the view's rename, describe and delete, open to the AI too) and preview_diagram
 * (renders D2 without writing it, for the view's editor). The tools are in tools.ts.
 *
 * project_path is absolute or workspace-relative and must lie inside the workspace; without it the
 * workspace's `architecture/` project is used. Elements are named by their id (folder name) or
 * path of ids (`System/Container`).
 */
import { ARCHITECTURE_DOMAIN } from '../../../shared/architecture-records';
import type { ToolDomain } from '../../tool-domain/domain';
import { MANIFEST_FILE } from './diagrams';
import { PREPARE_DOCS_TASK, RENDER_DOCS_TASK } from './docs-build';
import { prepareDocs, renderDocsFile } from './docs-render';
import { architectureEnvelope } from './errors';
import { ArchitectureRuntime, CHECK_STAMP_TASK, checkStampTask, READ_PROJECT_TASK, readProjectTask } from './runtime';
import { architectureTools } from './tools';
export const architectureDomain: ToolDomain<ArchitectureRuntime> = {
  name: ARCHITECTURE_DOMAIN,
  title: 'C4 architecture documentation as code (loko projects, D2 diagrams)',
  envelope: architectureEnvelope,
  // Its docs builds are websites: served read-only where the build wrote its manifest.
  channels: { sites: { marker: MANIFEST_FILE, howToBuild: 'build the docs first (Build docs, or build_docs)' } },
  tools: architectureTools,
  apps: [
    {
      view: 'c4',
      title: 'C4 architecture',
      description: "The live project's systems, containers and components with the selected one's diagram, the AI's changes marked; select an element, edit its description.",
      shownBy: ['query_project', 'query_architecture', 'create_system', 'create_container', 'create_component'],
    },
  ],
  tasks: {
    [READ_PROJECT_TASK]: readProjectTask,
    [CHECK_STAMP_TASK]: checkStampTask,
    [RENDER_DOCS_TASK]: renderDocsFile,
    [PREPARE_DOCS_TASK]: prepareDocs,
  },
  open(host) {
    const runtime = new ArchitectureRuntime(host);
    // A workspace with a project: it opens now, and D2 loads and warms (3-4 s, in its own process)
    // while the studio starts. Without one, D2 starts with the first project a call opens.
    void runtime.openDefault().catch((err) => host.log(`opening the default project failed: ${(err as Error).message}`));
    return runtime;
  },
  close: (runtime) => runtime.close(),
  // The project map (context domain): the systems of each project open, with their containers.
  summary(runtime) {
    const items = [...runtime.projects.values()].flatMap(({ model }) =>
      model.ofKind('system').map((system) => {
        const containers = model.childrenOf(system.key).length;
        return {
          kind: 'system',
          name: system.name,
          path: `${model.rel}/${system.dir}`,
          summary: `${system.description || 'no description'} (${containers} container${containers === 1 ? '' : 's'})`,
        };
      }),
    );
    const elements = [...runtime.projects.values()].flatMap(({ model }) => model.elements);
    return {
      items,
      counts: {
        projects: runtime.projects.size,
        systems: elements.filter((e) => e.kind === 'system').length,
        containers: elements.filter((e) => e.kind === 'container').length,
        components: elements.filter((e) => e.kind === 'component').length,
      },
    };
  },
};

