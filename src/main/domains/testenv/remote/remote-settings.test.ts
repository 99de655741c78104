/**
 * The parts of the remote-engine support that read the user's setup: DOCKER_HOST, ~/.ssh/config
 * and known_hosts (with files made here, as ssh-keygen and people write them), and what init and
 * setup say for an engine of another machine.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ToolError } from '../../../tool-domain/domain';
import { DockerEngine } from '../engine';
import { Session } from '../session';
import { loadConfig } from '../config';
import { engineTarget } from './engine-target';
import { checkHostKey, describeKey, hostKeyAlgorithms, knownHostsName, knownKeyTypes } from './known-hosts';
import { assertReachable, engineNotes, serviceMounts } from './remote-environment';
import { sshSettings } from './ssh-settings';

/** An SSH wire blob of a key of this type (random key bytes). */
function keyBlob(type = 'ssh-ed25519'): Buffer {
  const name = Buffer.from(type);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(name.length);
  return Buffer.concat([length, name, randomBytes(36)]);
}

function tempHome(files: Record<string, string>): string {
  const home = mkdtempSync(join(tmpdir(), 'tandem-ssh-settings-'));
  mkdirSync(join(home, '.ssh'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(home, '.ssh', name), text);
  return home;
}

describe('DOCKER_HOST', () => {
  it('tells this machine from another one reached over SSH or TCP', () => {
    expect(engineTarget({})).toMatchObject({ kind: 'local' });
    expect(engineTarget({ DOCKER_HOST: 'unix:///run/user/1000/docker.sock' })).toEqual({ kind: 'local', address: 'unix:///run/user/1000/docker.sock' });
    expect(engineTarget({ DOCKER_HOST: 'tcp://127.0.0.1:2375' })).toMatchObject({ kind: 'local' });
    expect(engineTarget({ DOCKER_HOST: 'ssh://deploy@build-7.example:2222' })).toEqual({ kind: 'ssh', address: 'ssh://deploy@build-7.example:2222', host: 'build-7.example', user: 'deploy', port: 2222 });
    expect(engineTarget({ DOCKER_HOST: 'ssh://buildbox' })).toEqual({ kind: 'ssh', address: 'ssh://buildbox', host: 'buildbox' });
    expect(engineTarget({ DOCKER_HOST: 'tcp://10.1.2.3:2376' })).toMatchObject({ kind: 'tcp', host: '10.1.2.3', port: 2376, tls: true });
    expect(engineTarget({ DOCKER_HOST: 'tcp://10.1.2.3:2375', DOCKER_TLS_VERIFY: '1' })).toMatchObject({ kind: 'tcp', tls: true });
    expect(engineTarget({ DOCKER_HOST: '10.1.2.3:2375' })).toMatchObject({ kind: 'tcp', tls: false });
    // A value that is no address is kept to be said at the first call (the studio still starts), with what to set instead.
    expect(engineTarget({ DOCKER_HOST: 'ssh://[bad' })).toEqual({ kind: 'local', address: 'ssh://[bad', invalid: 'DOCKER_HOST "ssh://[bad" is not an engine address' });
  });

  it('answers every call to an engine of a DOCKER_HOST that is no address with DOCKER_ERROR and what to set', async () => {
    const engine = new DockerEngine('ssh://[bad (DOCKER_HOST)', undefined, { target: engineTarget({ DOCKER_HOST: 'ssh://[bad' }) });
    const error = await engine.ping().then(
      () => undefined,
      (err: ToolError) => err,
    );
    expect(error).toBeInstanceOf(ToolError);
    expect(error).toMatchObject({ code: 'DOCKER_ERROR', message: expect.stringContaining('"ssh://[bad" is not an engine address'), suggestion: expect.stringMatching(/ssh:\/\/user@host/) });
    await expect(engine.findLabelled({ 'tandem.none': 'x' })).rejects.toMatchObject({ code: 'DOCKER_ERROR' });
  });
});

describe('~/.ssh/config', () => {
  it('applies the first matching value of each key, the URL over the file, and expands tokens', () => {
    const home = tempHome({
      config: ['Host build-*', '  HostName %h.lab.example', '  User ci', '  IdentityFile ~/.ssh/lab_%r', '  IdentityAgent none', '', 'Host *', '  User nobody', '  Port 2200', '  UserKnownHostsFile ~/.ssh/lab_known', ''].join('\n'),
      lab_ci: 'not really a key',
    });
    const settings = sshSettings({ host: 'build-3' }, { home, env: { SSH_AUTH_SOCK: '/tmp/agent' } });
    expect(settings).toMatchObject({ alias: 'build-3', hostName: 'build-3.lab.example', user: 'ci', port: 2200, hostKeyName: 'build-3.lab.example' });
    expect(settings.identityFiles).toEqual([join(home, '.ssh', 'lab_ci')]);
    expect(settings.agentSocket).toBeUndefined();
    expect(settings.knownHostsFiles[0]).toBe(join(home, '.ssh', 'lab_known'));
    // The URL's user and port win, as on ssh's command line; with no IdentityFile the default keys that exist are tried, and the agent.
    const other = sshSettings({ host: 'db', user: 'root', port: 22 }, { home: tempHome({ id_ed25519: 'key' }), env: { SSH_AUTH_SOCK: '/tmp/agent' } });
    expect(other).toMatchObject({ hostName: 'db', user: 'root', port: 22, agentSocket: '/tmp/agent' });
    expect(other.identityFiles.map((file) => file.split('/').pop())).toEqual(['id_ed25519']);
  });

  it('follows Include as ssh does: wildcards, ~ and paths from ~/.ssh, in order, nested, and inside a Host block only for it', () => {
    const home = tempHome({
      config: [
        'Include config.d/*.conf "~/.ssh/with space" missing/*',
        'User everyone',
        'Host build-*',
        '  Include ~/.ssh/lab-port',
        '  IdentityAgent none',
        '',
      ].join('\n'),
      'with space': 'Host db\n  HostName db.internal\n',
      'lab-port': 'Port 2201\n',
    });
    mkdirSync(join(home, '.ssh', 'config.d'));
    writeFileSync(join(home, '.ssh', 'config.d', '20-more.conf'), 'Host web\n  HostName web-from-20\n  Include nested\n');
    writeFileSync(join(home, '.ssh', 'config.d', '10-first.conf'), 'Host web\n  HostName web-from-10\n');
    writeFileSync(join(home, '.ssh', 'config.d', '.hidden.conf'), 'Host web\n  HostName hidden\n');
    writeFileSync(join(home, '.ssh', 'config.d', 'notes.txt'), 'Host web\n  HostName not-a-conf\n');
    writeFileSync(join(home, '.ssh', 'nested'), 'User from-nested\n');
    const settings = (host: string) => sshSettings({ host }, { home, env: { SSH_AUTH_SOCK: '/tmp/agent' } });
    // The first file by name wins, as the first value does; the nested Include applies inside its block.
    expect(settings('web')).toMatchObject({ hostName: 'web-from-10', user: 'from-nested', port: 22, agentSocket: '/tmp/agent' });
    expect(settings('db')).toMatchObject({ hostName: 'db.internal', user: 'everyone' });
    expect(settings('db').unsupported).toBeUndefined();
    // The line after a top-level Include is global again, and an Include in a Host block counts for it alone.
    expect(settings('build-1')).toMatchObject({ hostName: 'build-1', user: 'everyone', port: 2201 });
    expect(settings('build-1').agentSocket).toBeUndefined();
    expect(settings('other')).toMatchObject({ user: 'everyone', port: 22 });
  });

  it('refuses an Include whose Host blocks sit inside a Host block, and one nested past 16', () => {
    const inBlock = tempHome({ config: 'Host *.lab\n  Include hosts\n', hosts: 'Host a.lab\n  User a\n' });
    expect(sshSettings({ host: 'a.lab' }, { home: inBlock, env: {} }).unsupported).toMatch(/^Include .*hosts, whose Host or Match blocks sit inside "Host \*\.lab"$/);
    const looping = tempHome({ config: 'Include config\n' });
    expect(sshSettings({ host: 'x' }, { home: looping, env: {} }).unsupported).toBe('Include nested more than 16 deep');
  });

  it('names what it does not follow (ProxyJump), so the link refuses it with why', () => {
    const home = tempHome({ config: 'Host inner\n  ProxyJump bastion\n' });
    expect(sshSettings({ host: 'inner' }, { home, env: {} }).unsupported).toBe('ProxyJump bastion');
    expect(sshSettings({ host: 'outer' }, { home, env: {} }).unsupported).toBeUndefined();
  });
});

describe('known_hosts', () => {
  const offered = keyBlob();
  const b64 = offered.toString('base64');

  it('finds a host by name, pattern, port and hashed name; another key is a changed key; @revoked is refused', () => {
    const salt = randomBytes(20);
    const hashed = (name: string) => `|1|${salt.toString('base64')}|${createHmac('sha1', salt).update(name).digest('base64')}`;
    const home = tempHome({
      known_hosts: [
        '# comment',
        `web-1,web-2 ssh-ed25519 ${b64} plain`,
        `*.lab.example,!secret.lab.example ssh-ed25519 ${b64}`,
        `[build.example]:2222 ssh-ed25519 ${b64}`,
        `${hashed('hashed.example')} ssh-ed25519 ${b64}`,
        `moved.example ssh-ed25519 ${keyBlob().toString('base64')}`,
        `@revoked stolen.example ssh-ed25519 ${b64}`,
        '',
      ].join('\n'),
    });
    const files = [join(home, '.ssh', 'known_hosts')];
    expect(checkHostKey(files, 'web-2', 22, offered)).toMatchObject({ verdict: 'known', line: 2 });
    expect(checkHostKey(files, 'WEB-1', 22, offered)).toMatchObject({ verdict: 'known' });
    expect(checkHostKey(files, 'a.lab.example', 22, offered)).toMatchObject({ verdict: 'known', line: 3 });
    expect(checkHostKey(files, 'secret.lab.example', 22, offered)).toEqual({ verdict: 'unknown' });
    expect(checkHostKey(files, 'build.example', 2222, offered)).toMatchObject({ verdict: 'known', line: 4 });
    expect(checkHostKey(files, 'build.example', 22, offered)).toEqual({ verdict: 'unknown' });
    expect(checkHostKey(files, 'hashed.example', 22, offered)).toMatchObject({ verdict: 'known', line: 5 });
    expect(checkHostKey(files, 'moved.example', 22, offered)).toMatchObject({ verdict: 'changed', line: 6, knownType: 'ssh-ed25519' });
    expect(checkHostKey(files, 'stolen.example', 22, offered)).toMatchObject({ verdict: 'revoked', line: 7 });
    expect(checkHostKey([join(home, '.ssh', 'missing')], 'web-1', 22, offered)).toEqual({ verdict: 'unknown' });
    expect(knownHostsName('Build.Example', 2222)).toBe('[build.example]:2222');
  });

  it('lists the key types known for a host, and asks for those host key algorithms first', () => {
    const files = [
      join(
        tempHome({
          known_hosts: [`box ssh-rsa ${keyBlob('ssh-rsa').toString('base64')}`, `other ssh-ed25519 ${b64}`, `@revoked box ssh-ed25519 ${b64}`, `@cert-authority box ssh-ed25519 ${b64}`, `box,[box]:2222 ecdsa-sha2-nistp256 ${keyBlob('ecdsa-sha2-nistp256').toString('base64')}`].join('\n'),
        }),
        '.ssh',
        'known_hosts',
      ),
    ];
    expect(knownKeyTypes(files, 'box', 22)).toEqual(['ssh-rsa', 'ecdsa-sha2-nistp256']);
    expect(knownKeyTypes(files, 'box', 2222)).toEqual(['ecdsa-sha2-nistp256']);
    expect(knownKeyTypes(files, 'nobody', 22)).toEqual([]);
    const rsaFirst = ['rsa-sha2-512', 'rsa-sha2-256', 'ssh-rsa', 'ecdsa-sha2-nistp256'];
    expect(hostKeyAlgorithms(knownKeyTypes(files, 'box', 22))).toEqual({ remove: rsaFirst, prepend: rsaFirst });
    // A type the library does not know is left out; nothing known leaves the library's own order.
    expect(hostKeyAlgorithms(['sk-ssh-ed25519@openssh.com'])).toBeUndefined();
    expect(hostKeyAlgorithms([])).toBeUndefined();
  });

  it('describes a key as ssh-keygen -l does (type and SHA256 fingerprint)', () => {
    const described = describeKey(offered);
    expect(described.type).toBe('ssh-ed25519');
    expect(described.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
  });
});

describe('what a session says and does on an engine of another machine', () => {
  async function session(withMock: boolean) {
    const dir = mkdtempSync(join(tmpdir(), 'tandem-remote-project-'));
    mkdirSync(join(dir, 'site', 'big'), { recursive: true });
    writeFileSync(join(dir, 'site', 'index.html'), '<h1>hi</h1>');
    writeFileSync(join(dir, 'nginx.conf'), 'events {}');
    const config = {
      version: '1',
      project: { name: 'remote-notes' },
      services: [{ name: 'web', image: 'nginx:1', container: { ports: ['8080:80'], volumes: ['./site:/usr/share/nginx/html:ro', './nginx.conf:/etc/nginx/nginx.conf', 'cache:/var/cache'] } }],
      mocks: withMock ? { stripe: { port: 9911, routes: [{ method: 'GET', path: '/', response: { status: 200 } }] } } : {},
      tests: { suites: [] },
    };
    writeFileSync(join(dir, 'e2e.yaml'), JSON.stringify(config));
    return new Session('s1', dir, 'project', 'e2e.yaml', await loadConfig(dir, undefined));
  }

  it('copies project folders into a volume and files in place; named volumes stay the engine\'s', async () => {
    const s = await session(false);
    const mounts = serviceMounts(s, s.services.get('web')!, true);
    expect(mounts.binds).toEqual([`${mounts.volumes[0]}:/usr/share/nginx/html:ro`, `${s.volumeName('cache')}:/var/cache`]);
    // The folder goes into a volume of the session's; the file into the container, with no volume.
    expect(mounts.copies.map((c) => [c.label, c.target, c.volume])).toEqual([
      ['./site', '/usr/share/nginx/html', mounts.volumes[0]],
      ['./nginx.conf', '/etc/nginx/nginx.conf', undefined],
    ]);
    // On this machine's engine the same mounts bind the project's folder and file, and copy nothing.
    const local = serviceMounts(s, s.services.get('web')!, false);
    expect(local).toEqual({ binds: [`${join(s.loaded.projectDir, 'site')}:/usr/share/nginx/html:ro`, `${join(s.loaded.projectDir, 'nginx.conf')}:/etc/nginx/nginx.conf`, `${s.volumeName('cache')}:/var/cache`], copies: [], volumes: [] });
    expect(engineNotes(engineTarget({ DOCKER_HOST: 'ssh://ci@build' }), s)[0]).toMatch(/on build .*copied into Docker volumes there at setup/);
    expect(engineNotes(engineTarget({}), s)).toEqual([]);
  });

  it('refuses on tcp:// what needs a way back to the studio, and says to use ssh://', async () => {
    const tcp = engineTarget({ DOCKER_HOST: 'tcp://10.9.8.7:2376' });
    const withMock = await session(true);
    expect(engineNotes(tcp, withMock)[0]).toMatch(/the mocks \(stripe\) and the published ports of web cannot work; try: DOCKER_HOST=ssh:\/\/user@10\.9\.8\.7/);
    const refused = (() => {
      try {
        assertReachable(tcp, withMock);
      } catch (err) {
        return err as ToolError;
      }
    })();
    expect(refused).toBeInstanceOf(ToolError);
    expect(refused!.code).toBe('DOCKER_ERROR');
    expect(refused!.suggestion).toMatch(/ssh:\/\//);
    expect(() => assertReachable(engineTarget({ DOCKER_HOST: 'ssh://build' }), withMock)).not.toThrow();
  });
});
