#!/usr/bin/env node
// The `tandem` command: runs the CLI that electron-vite built into out/main (npm install builds it).
const path = require('node:path');
const fs = require('node:fs');
const cli = path.join(__dirname, '..', 'out', 'main', 'cli.js');
if (!fs.existsSync(cli)) {
  console.error('tandem: the CLI is not built yet [not_built]\n  try: npm run build');
  process.exit(1);
}
require(cli);
