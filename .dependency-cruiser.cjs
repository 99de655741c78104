/**
 * The house's import boundaries (DESIGN.md, "Where things live"), checked in `npm test`
 * (src/main/testing/boundaries.test.ts). Arrows point down only: shared (browser-safe) < kernel <
 * fcp | tool-domain < core < domains < mcp | api < host < electron | cli. No cycles anywhere.
 * Tests and test support (`*.test.ts`, `testing/`) may put real parts of several layers together
 * (a renderer store against a real core, the context domain over the real drawio and midi ones);
 * what they test keeps to the rules.
 */
const DOMAIN = '^src/main/domains/([^/]+)/';
/** Tests and their support modules. */
const TESTS = ['\\.test\\.tsx?$', '/testing/', '/test-[a-z-]+\\.ts$'];
module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', from: { path: '^src/' }, to: { circular: true } },
    {
      name: 'no-domain-to-domain',
      comment: 'a domain imports no other domain (they meet in the core, through the registry)',
      severity: 'error',
      from: { path: DOMAIN, pathNot: TESTS },
      to: { path: '^src/main/domains/', pathNot: '^src/main/domains/$1/' },
    },
    { name: 'main-not-renderer', severity: 'error', from: { path: '^src/(main|preload|shared)/', pathNot: TESTS }, to: { path: '^src/renderer/' } },
    { name: 'renderer-not-main', severity: 'error', from: { path: '^src/renderer/', pathNot: TESTS }, to: { path: '^src/main/' } },
    {
      name: 'chat-apps-are-browser-code',
      comment: "the chat views (src/apps) run in a host's sandboxed frame: shared code and the renderer's pure modules only",
      severity: 'error',
      from: { path: '^src/apps/', pathNot: TESTS },
      to: { path: '^src/(main|preload)/' },
    },
    { name: 'shared-is-browser-safe', severity: 'error', from: { path: '^src/shared/', pathNot: TESTS }, to: { path: '^src/(main|preload)/' } },
    {
      name: 'low-layers-stay-low',
      comment: 'kernel, fcp and core import no domain, MCP, renderer API, host, Electron or CLI code',
      severity: 'error',
      from: { path: '^src/main/(kernel|fcp|core)/', pathNot: TESTS },
      to: { path: '^src/main/(domains|mcp|api|host|electron|cli)/' },
    },
    {
      name: 'mcp-and-api-apart',
      severity: 'error',
      from: { path: '^src/main/(mcp|api)/', pathNot: TESTS },
      to: { path: '^src/main/(mcp|api)/', pathNot: '^src/main/$1/' },
    },
    {
      name: 'diagram-view-paints-before-canvas',
      comment:
        "the Diagram view's first paint does not wait for the canvas's drawing code (issue 23): the editor around it reaches the canvas by a lazy import only",
      severity: 'error',
      from: { path: '^src/renderer/src/(main\\.tsx|app/|common/|features/drawio/(editor|store|model)/|features/drawio/(feature|view|DrawioEditor)\\.tsx)', pathNot: TESTS },
      to: { path: ['^src/renderer/src/features/drawio/canvas/', '^src/shared/drawio/render/connection-'], pathNot: 'canvas/image-data-url\\.ts$', dependencyTypesNot: ['dynamic-import', 'type-only', 'type-import'] },
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
