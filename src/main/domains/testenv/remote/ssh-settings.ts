/**
 * The user's own SSH setup for one host, as OpenSSH's client would use it: ~/.ssh/config (read
 * with the `ssh-config` package, which applies Host blocks in order, the first value winning, its
 * Include lines followed first: ssh-config-include.ts), the
 * identity files it names (else the default ones), the agent (IdentityAgent, else SSH_AUTH_SOCK),
 * and the known-hosts files the host key is checked against. Values in DOCKER_HOST's URL (user,
 * port) win over the file, as they do on ssh's command line.
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { isAbsolute, join } from 'node:path';
import SSHConfig from 'ssh-config';
import { expandIncludes } from './ssh-config-include';

export interface SshSettings {
  /** The host as DOCKER_HOST names it (maybe an alias of ~/.ssh/config). */
  alias: string;
  /** Where ssh connects (HostName, else the alias). */
  hostName: string;
  port: number;
  user: string;
  /** Private key files that exist, in the order ssh tries them. */
  identityFiles: string[];
  /** Only the identity files, not every key of the agent (IdentitiesOnly). */
  identitiesOnly: boolean;
  /** The agent's socket, if one is to be used. */
  agentSocket?: string;
  /** The files the host key must be found in, the user's first. */
  knownHostsFiles: string[];
  /** The name the host key is looked up by (HostKeyAlias, else the host name). */
  hostKeyName: string;
  /** What the setup asks for that the studio does not do (ProxyJump, ProxyCommand), if anything. */
  unsupported?: string;
  /** The config file read, if there was one. */
  configFile?: string;
}

export interface SshSettingsOptions {
  /** The home folder whose .ssh is read (tests give their own). */
  home?: string;
  env?: NodeJS.ProcessEnv;
}

const DEFAULT_IDENTITIES = ['id_rsa', 'id_ecdsa', 'id_ecdsa_sk', 'id_ed25519', 'id_ed25519_sk'];

/** The settings ssh would use to reach `host` (with DOCKER_HOST's user and port, if it gave them). */
export function sshSettings(target: { host: string; user?: string; port?: number }, options: SshSettingsOptions = {}): SshSettings {
  const env = options.env ?? process.env;
  const home = options.home ?? homedir();
  const configFile = join(home, '.ssh', 'config');
  const expanded = existsSync(configFile) ? expandIncludes(readFileSync(configFile, 'utf8'), home) : undefined;
  const computed: Record<string, string | string[]> = expanded ? SSHConfig.parse(expanded.text).compute(target.host) : {};
  const value = (key: string): string | undefined => {
    const found = Object.entries(computed).find(([k]) => k.toLowerCase() === key.toLowerCase())?.[1];
    return Array.isArray(found) ? found[0] : found;
  };
  const values = (key: string): string[] => {
    const found = Object.entries(computed).find(([k]) => k.toLowerCase() === key.toLowerCase())?.[1];
    return found === undefined ? [] : (Array.isArray(found) ? found : [found]).flatMap((v) => v.split(/\s+/)).filter(Boolean);
  };
  const hostName = value('HostName')?.replace(/%h/g, target.host) ?? target.host;
  const user = target.user ?? value('User') ?? userInfo().username;
  const port = target.port ?? Number(value('Port') ?? 22);
  const expand = (path: string) => expandTokens(path, { home, hostName, user, alias: target.host });
  const configured = values('IdentityFile').map(expand);
  const identityFiles = (configured.length ? configured : DEFAULT_IDENTITIES.map((name) => join(home, '.ssh', name))).filter((file) => existsSync(file));
  const identityAgent = value('IdentityAgent');
  const agentSocket = identityAgent?.toLowerCase() === 'none' ? undefined : identityAgent && identityAgent !== 'SSH_AUTH_SOCK' ? expand(identityAgent) : env.SSH_AUTH_SOCK || undefined;
  const userKnown = values('UserKnownHostsFile');
  const knownHostsFiles = [
    ...(userKnown.length ? userKnown.filter((f) => f.toLowerCase() !== 'none').map(expand) : [join(home, '.ssh', 'known_hosts'), join(home, '.ssh', 'known_hosts2')]),
    ...(values('GlobalKnownHostsFile').length ? values('GlobalKnownHostsFile').map(expand) : ['/etc/ssh/ssh_known_hosts', '/etc/ssh/ssh_known_hosts2']),
  ];
  const proxy = value('ProxyJump') ?? value('ProxyCommand');
  return {
    alias: target.host,
    hostName,
    port,
    user,
    identityFiles,
    identitiesOnly: value('IdentitiesOnly')?.toLowerCase() === 'yes',
    ...(agentSocket ? { agentSocket } : {}),
    knownHostsFiles,
    hostKeyName: value('HostKeyAlias') ?? hostName,
    ...(proxy && proxy.toLowerCase() !== 'none' ? { unsupported: `${value('ProxyJump') ? 'ProxyJump' : 'ProxyCommand'} ${proxy}` } : expanded?.unsupported ? { unsupported: expanded.unsupported } : {}),
    ...(existsSync(configFile) ? { configFile } : {}),
  };
}

/** ssh_config's path tokens the studio can know: ~, %d (home), %h (host name), %r (remote user), %u (local user), %n (as given), %%. */
function expandTokens(path: string, at: { home: string; hostName: string; user: string; alias: string }): string {
  const expanded = path.replace(/^~(?=\/|$)/, at.home).replace(/%([%dhrun])/g, (_, token: string) => {
    switch (token) {
      case 'd':
        return at.home;
      case 'h':
        return at.hostName;
      case 'r':
        return at.user;
      case 'u':
        return userInfo().username;
      case 'n':
        return at.alias;
      default:
        return '%';
    }
  });
  return isAbsolute(expanded) ? expanded : join(at.home, expanded);
}
