/**
 * The house's import boundaries (issue 21), checked in `npm test` by src/main/testing/boundaries.test.ts.
 * Layers, lowest first: shared (browser-safe) < kernel < fcp < core < domains < mcp | api < host < electron | cli.
 */
const DOMAIN = '^src/main/domains/([^/]+)/';
module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', from: { path: '^src/' }, to: { circular: true } },
    {
      name: 'no-domain-to-domain',
      comment: 'a domain imports no other domain (they meet in the core, through the registry)',
      severity: 'error',
      from: { path: DOMAIN },
      to: { path: '^src/main/domains/', pathNot: ['^src/main/domains/$1/', '^src/main/domains/index\\.ts$'] },
    },
    { name: 'main-not-renderer', severity: 'error', from: { path: '^src/(main|preload|shared)/' }, to: { path: '^src/renderer/' } },
    { name: 'renderer-not-main', severity: 'error', from: { path: '^src/renderer/' }, to: { path: '^src/main/' } },
    { name: 'shared-is-browser-safe', severity: 'error', from: { path: '^src/shared/' }, to: { path: '^src/(main|preload)/' } },
    {
      name: 'low-layers-stay-low',
      comment: 'kernel, fcp and core import no domain, MCP, renderer API, host, Electron or CLI code',
      severity: 'error',
      from: { path: '^src/main/(kernel|fcp|core)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/main/(domains|mcp|api|host|electron|cli)/' },
    },
    {
      name: 'mcp-and-api-apart',
      severity: 'error',
      from: { path: '^src/main/(mcp|api)/' },
      to: { path: '^src/main/(mcp|api)/', pathNot: '^src/main/$1/' },
    },
    {
      name: 'only-electron-imports-electron',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/main/electron/' },
      to: { path: '^electron$', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '^out/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
