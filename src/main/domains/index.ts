/** Every domain the studio hosts. Domains do not import each other; the core imports them here. */
import type { FcpDomain } from '../fcp/domain';
import type { ToolDomain } from '../tool-domain/domain';
import { testToolDomainsFromEnv } from '../tool-domain/testing/test-only';
import { architectureDomain } from './architecture';
import { contextDomain } from './context';
import { drawioDomain } from './drawio';
import { midiDomain } from './midi';
import { tasksDomain } from './tasks';
import { testenvDomain } from './testenv';

export const fcpDomains: readonly FcpDomain<any>[] = [drawioDomain, midiDomain];

/** The tool domains (DESIGN.md, "A domain is one table"); test ones only where a test asks for them. */
export const toolDomains: readonly ToolDomain<any>[] = [testenvDomain, tasksDomain, architectureDomain, contextDomain, ...testToolDomainsFromEnv()];
