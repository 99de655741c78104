/**
 * `tandem bundle`: the Claude Desktop bundle (`dist/tandem.mcpb`, an MCP Bundle), built and checked
 * with @anthropic-ai/mcpb. It holds the stdio bridge only (out/bundle/index.js, built by
 * vite.bundle.config.mts: plain JavaScript, no native module), its catalog and the manifest, whose
 * tools and prompts are generated from the domain tables, as the help is.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { fcpDomains, toolDomains } from '../host/domains';
import { studioIcons } from '../mcp/icons';
import { ALL, type BundleCatalog } from '../mcp/bundle/catalog';
import { STATUS_TOOL_NAME, statusTool } from '../mcp/bundle/status';
import { type Offer, type OfferDomains, buildOffer } from '../mcp/toolsets';
import { tandemBinPath } from './paths';
import { type ParsedFlags, UsageError } from './usage';

interface PackageFacts {
  version: string;
  description: string;
  license: string;
  engines?: { node?: string };
}

/**
 * What each toolset offers, from the tables (every toolset, read tools marked): a tool is listed with
 * every toolset whose offer alone holds it, as `tandem mcp --toolsets` offers it (the chat views'
 * tools come with each toolset that has a view, tandem_view_assets with the diagram's).
 */
export function bundleCatalog(domains: OfferDomains, version: string): BundleCatalog {
  const offer = buildOffer(domains);
  const offeredBy = new Map<string, string[]>();
  for (const toolset of offer.toolsets) {
    for (const tool of buildOffer(domains, { toolsets: [toolset] }).tools) offeredBy.set(tool.name, [...(offeredBy.get(tool.name) ?? []), toolset]);
  }
  return {
    version,
    toolsets: offer.toolsets,
    tools: offer.tools.map((t) => ({
      name: t.name,
      toolsets: offeredBy.get(t.name) ?? [],
      readOnly: t.annotations.readOnlyHint === true,
      resend: t.resend,
      checkHint: t.checkHint,
    })),
    resources: [...offer.resources.map((r) => ({ uri: r.spec.uri, toolset: r.domain })), ...offer.apps.map((a) => ({ uri: a.uri, toolset: a.domain }))],
    prompts: offer.prompts.map((p) => ({ name: p.spec.name, toolset: p.domain })),
    icons: studioIcons('app'),
  };
}

/** A tool only a chat view calls (MCP Apps `visibility: ["app"]`). */
export const isAppOnly = (tool: { ui?: { visibility?: ReadonlyArray<string> } }): boolean => tool.ui?.visibility?.includes('model') === false;

/** The first sentence of a description: the manifest shows tools in a list. */
export const firstSentence = (text: string) => text.split(/(?<=\.)\s/)[0].slice(0, 300);

/** manifest.json (MCPB manifest 0.3): the tools and prompts of every toolset, from the offer's tables. */
export function bundleManifest(offer: Offer, pkg: PackageFacts): Record<string, unknown> {
  return {
    manifest_version: '0.3',
    name: 'tandem-studio',
    display_name: 'Tandem Studio',
    version: pkg.version,
    description: pkg.description,
    long_description:
      'Connects Claude to Tandem Studio on this computer: the diagrams, music, test environments, tasks, architecture and context ' +
      'you have open in the studio window, edited by you and Claude at the same time. The bundle holds only the bridge: it starts ' +
      `the installed studio when none runs, and its ${STATUS_TOOL_NAME} tool says what is wrong when it cannot.`,
    author: { name: 'Tandem Studio' },
    icon: 'icon.png',
    keywords: ['diagrams', 'drawio', 'midi', 'music', 'tasks', 'testing', 'architecture', 'c4', 'collaboration'],
    license: pkg.license,
    server: {
      type: 'node',
      entry_point: 'server/index.js',
      mcp_config: {
        command: 'node',
        args: ['${__dirname}/server/index.js'],
        env: {
          TANDEM_WORKSPACE: '${user_config.workspace}',
          TANDEM_TOOLSETS: '${user_config.toolsets}',
          TANDEM_READ_ONLY: '${user_config.read_only}',
        },
      },
    },
    // What the model is given: the tools only the chat views call are hidden from it by the host, and left out here.
    tools: [
      ...offer.tools.filter((t) => !isAppOnly(t)).map((t) => ({ name: t.name, description: `${t.title}. ${firstSentence(t.description)}` })),
      { name: STATUS_TOOL_NAME, description: firstSentence(statusTool.description ?? '') },
    ],
    tools_generated: false,
    prompts: offer.prompts.map(({ spec }) => {
      const args = Object.keys(spec.args ?? {});
      // The studio writes the prompt's messages when asked; the manifest shows what it is for.
      return { name: spec.name, description: spec.description, arguments: args, text: `${spec.title}: ${spec.description}${args.map((a) => ` ${a}: \${arguments.${a}}`).join(';')}` };
    }),
    compatibility: { platforms: ['darwin', 'win32', 'linux'], runtimes: { node: pkg.engines?.node ?? '>=20' } },
    user_config: {
      workspace: {
        type: 'directory',
        title: 'Workspace folder',
        description: 'The studio workspace Claude works in (its diagrams, songs, tasks...).',
        default: '${HOME}/Tandem',
        required: true,
      },
      read_only: {
        type: 'boolean',
        title: 'Read-only',
        description: 'Offer only the tools that change nothing.',
        default: false,
      },
      toolsets: {
        type: 'string',
        title: 'Toolsets',
        description: `The toolsets to offer: ${ALL}, or some of ${offer.toolsets.join(', ')} separated by commas.`,
        default: ALL,
      },
    },
  };
}

function projectRoot(): string {
  return dirname(dirname(tandemBinPath()));
}

/** Runs the mcpb command line (a dev dependency) and returns what it printed. */
function mcpb(root: string, args: string[]): string {
  const cli = join(root, 'node_modules', '@anthropic-ai', 'mcpb', 'dist', 'cli', 'cli.js');
  if (!existsSync(cli)) throw new UsageError('mcpb_missing', `cannot find ${cli}`, 'npm install (in the Tandem Studio folder)');
  return execFileSync(process.execPath, [cli, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Lays out the bundle's folder, checks it and packs it into `out`; returns the bundle's size in bytes. */
export function buildBundle(out: string, root = projectRoot()): number {
  const server = join(root, 'out', 'bundle', 'index.js');
  if (!existsSync(server)) throw new UsageError('bridge_not_built', `the bundle's bridge ${server} is not built`, 'npm run bundle');
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageFacts;
  const domains = { fcp: fcpDomains, tool: toolDomains };
  const offer = buildOffer(domains);
  const staging = mkdtempSync(join(tmpdir(), 'tandem-bundle-'));
  try {
    mkdirSync(join(staging, 'server'));
    copyFileSync(server, join(staging, 'server', 'index.js'));
    writeFileSync(join(staging, 'server', 'catalog.json'), JSON.stringify(bundleCatalog(domains, pkg.version)));
    const icon = new Resvg(readFileSync(join(root, 'resources', 'icons', 'bundle.svg')), { fitTo: { mode: 'width', value: 512 } });
    writeFileSync(join(staging, 'icon.png'), icon.render().asPng());
    writeFileSync(join(staging, 'manifest.json'), JSON.stringify(bundleManifest(offer, pkg), null, 2) + '\n');
    mcpb(root, ['validate', join(staging, 'manifest.json')]);
    mkdirSync(dirname(out), { recursive: true });
    mcpb(root, ['pack', staging, out]);
    return statSync(out).size;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

export function runBundle(flags: ParsedFlags): void {
  const root = projectRoot();
  const out = resolve((flags.out as string | undefined) ?? join(root, 'dist', 'tandem.mcpb'));
  const bytes = buildBundle(out, root);
  process.stdout.write(`${out} (${(bytes / 1024).toFixed(0)} KB): validated and packed with @anthropic-ai/mcpb\n`);
}
