/** Every domain the studio hosts. Domains do not import each other; the host hands them to the core here. */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Studio, type StudioOptions } from '../core/studio';
import type { Workspace } from '../core/workspace';
import type { FcpDomain } from '../fcp/domain';
import type { ToolDomain } from '../tool-domain/domain';
import { testToolDomainsFromEnv } from '../tool-domain/testing/test-only';
import { architectureDomain } from '../domains/architecture';
import { contextDomain } from '../domains/context';
import { drawioDomain } from '../domains/drawio';
import { midiDomain } from '../domains/midi';
import { tasksDomain } from '../domains/tasks';
import { testenvDomain } from '../domains/testenv';

export const fcpDomains: readonly FcpDomain<any>[] = [drawioDomain, midiDomain];

/** The tool domains (DESIGN.md, "A domain is one table"); test ones only where a test asks for them. */
export const toolDomains: readonly ToolDomain<any>[] = [testenvDomain, tasksDomain, architectureDomain, contextDomain, ...testToolDomainsFromEnv()];

/** Where the worker threads' entry (offload-worker, which loads the lists above) is, run from source. */
const HOST_DIR = typeof __dirname !== 'undefined' ? __dirname : dirname(fileURLToPath(import.meta.url));

/**
 * Opens the studio with its domains (or a test's own) and the worker threads that load the
 * studio's domains: the composition the host, the benches and tests use.
 */
export function openStudio(workspace: Workspace, options: Partial<StudioOptions> = {}): Promise<Studio> {
  return Studio.open(workspace, {
    ...options,
    domains: options.domains ?? fcpDomains,
    toolDomains: options.toolDomains ?? toolDomains,
    offload: { workerDir: HOST_DIR, workerDomains: [...fcpDomains, ...toolDomains], ...options.offload },
  });
}
