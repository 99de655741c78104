/**
 * TEST ONLY. The integration tests drive test domains through the built `tandem` CLI (bridge and
 * background core), which cannot be handed StudioOptions: `TANDEM_TEST_TOOL_DOMAINS=counters`
 * makes every process of such a run (bridge, core, offload workers) host the named test domains.
 * Read here and nowhere else; never set it outside tests.
 */
import type { ToolDomain } from '../domain';
import { countersDomain } from './counters-domain';

export const TEST_TOOL_DOMAINS_ENV = 'TANDEM_TEST_TOOL_DOMAINS';

const testDomains: Record<string, ToolDomain<any>> = { counters: countersDomain };

export function testToolDomainsFromEnv(env: NodeJS.ProcessEnv = process.env): ToolDomain<any>[] {
  const names = (env[TEST_TOOL_DOMAINS_ENV] ?? '').split(',').map((n) => n.trim()).filter(Boolean);
  return names.map((name) => {
    const domain = testDomains[name];
    if (!domain) throw new Error(`${TEST_TOOL_DOMAINS_ENV}: no test domain "${name}"; test domains: ${Object.keys(testDomains).join(', ')}`);
    return domain;
  });
}
