// Types of launch-decision.mjs (plain JavaScript, so that `npm start` runs before any build).
export type ElectronBinary = { found: true; path: string } | { found: false; reason: string };
export type LaunchDecision = { mode: 'electron'; electronPath: string } | { mode: 'serve'; reasons: string[] };

export interface LaunchFacts {
  electron: ElectronBinary;
  display: boolean;
  platform: string;
  sqliteBindingBuilt: boolean;
}

export function electronSqliteBindingPath(projectRoot: string): string;
export function findElectronBinary(projectRoot: string, env?: NodeJS.ProcessEnv, nodeVersion?: string): ElectronBinary;
export function minimumNode(range: string | undefined): string | undefined;
export function compareVersions(a: string, b: string): number;
export function hasDisplay(platform?: string, env?: NodeJS.ProcessEnv): boolean;
export function decideLaunch(facts: LaunchFacts): LaunchDecision;
export function decideLaunchHere(projectRoot: string, env?: NodeJS.ProcessEnv, platform?: string): LaunchDecision;
