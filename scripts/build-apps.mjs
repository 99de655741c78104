#!/usr/bin/env node
// Builds every chat view in src/apps/<domain>-<view>/ (not common/) into out/apps/<domain>-<view>.html,
// one self-contained page each (apps.vite.config.mts), and prints what each weighs.
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { build } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const apps = readdirSync(join(root, 'src/apps')).filter((name) => existsSync(join(root, 'src/apps', name, 'index.html')));
for (const app of apps) {
  process.env.APP = app;
  await build({ configFile: join(root, 'apps.vite.config.mts') });
  const built = join(root, 'out/apps', app);
  const page = join(root, 'out/apps', `${app}.html`);
  renameSync(join(built, 'index.html'), page);
  rmSync(built, { recursive: true, force: true });
  const bytes = statSync(page).size;
  const gzipped = gzipSync(readFileSync(page)).length;
  console.log(`chat view ${app}: ${(bytes / 1024).toFixed(0)} kB (${(gzipped / 1024).toFixed(0)} kB gzipped)`);
}
