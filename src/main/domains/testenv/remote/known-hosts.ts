/**
 * The host key check OpenSSH does against known_hosts files (sshd(8), "SSH_KNOWN_HOSTS FILE
 * FORMAT"): lines of `[@marker] patterns keytype key [comment]`, where patterns are host names with
 * `*` and `?`, negated with `!`, `[host]:port` for a port other than 22, or hashed
 * (`|1|salt|HMAC-SHA1(salt, name)`). A host found with its key is known; a host found only with
 * other keys has changed its key (refused, as ssh refuses it); a key marked @revoked is refused.
 */
import { createHash, createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

export type HostKeyVerdict =
  | { verdict: 'known'; file: string; line: number }
  | { verdict: 'unknown' }
  | { verdict: 'changed'; file: string; line: number; knownType: string }
  | { verdict: 'revoked'; file: string; line: number };

/** The name a host is written under: `host`, or `[host]:port` off port 22. */
export function knownHostsName(host: string, port: number): string {
  return port === 22 ? host.toLowerCase() : `[${host.toLowerCase()}]:${port}`;
}

/** Checks the key a server offered (its SSH wire blob) against the files, the first files first. */
export function checkHostKey(files: readonly string[], host: string, port: number, offered: Buffer): HostKeyVerdict {
  const offeredB64 = offered.toString('base64');
  let changed: HostKeyVerdict | undefined;
  for (const { entry, file, line } of entriesFor(files, knownHostsName(host, port))) {
    if (entry.marker === '@revoked') {
      if (entry.key === offeredB64) return { verdict: 'revoked', file, line };
      continue;
    }
    if (entry.key === offeredB64) return { verdict: 'known', file, line };
    changed ??= { verdict: 'changed', file, line, knownType: entry.type };
  }
  return changed ?? { verdict: 'unknown' };
}

/** The types of the keys the files hold for the host (not @revoked ones), in the order found. */
export function knownKeyTypes(files: readonly string[], host: string, port: number): string[] {
  const types = new Set<string>();
  for (const { entry } of entriesFor(files, knownHostsName(host, port))) if (entry.marker !== '@revoked') types.add(entry.type);
  return [...types];
}

/** The host key algorithms each key type is offered under (an RSA key signs with SHA-2 first). */
const ALGORITHMS_OF_TYPE: Record<string, string[]> = {
  'ssh-ed25519': ['ssh-ed25519'],
  'ecdsa-sha2-nistp256': ['ecdsa-sha2-nistp256'],
  'ecdsa-sha2-nistp384': ['ecdsa-sha2-nistp384'],
  'ecdsa-sha2-nistp521': ['ecdsa-sha2-nistp521'],
  'ssh-rsa': ['rsa-sha2-512', 'rsa-sha2-256', 'ssh-rsa'],
};

/**
 * The host key algorithms to ask the server for (an ssh2 algorithm list): those of the key types
 * known for the host first, as OpenSSH orders them. Else a server with several host keys offers
 * the client's first preference (ed25519), and a host known by its ECDSA or RSA key would look
 * like one whose key changed. Undefined when nothing is known (the library's own order).
 */
export function hostKeyAlgorithms(knownTypes: readonly string[]): { remove: string[]; prepend: string[] } | undefined {
  const preferred = knownTypes.flatMap((type) => ALGORITHMS_OF_TYPE[type] ?? []);
  return preferred.length ? { remove: preferred, prepend: preferred } : undefined;
}

/** The host's lines of the files (patterns matching `name`; @cert-authority lines are not host keys). */
function* entriesFor(files: readonly string[], name: string): Generator<{ entry: Entry; file: string; line: number }> {
  for (const file of files) {
    if (!existsSync(file)) continue;
    const lines = readFileSync(file, 'utf8').split('\n');
    for (const [index, raw] of lines.entries()) {
      const entry = parseLine(raw);
      if (!entry || entry.marker === '@cert-authority' || !hostMatches(entry.patterns, name)) continue;
      yield { entry, file, line: index + 1 };
    }
  }
}

interface Entry {
  marker?: string;
  patterns: string;
  type: string;
  key: string;
}

function parseLine(raw: string): Entry | undefined {
  const line = raw.trim();
  if (!line || line.startsWith('#')) return undefined;
  const fields = line.split(/\s+/);
  const marker = fields[0].startsWith('@') ? fields.shift() : undefined;
  if (fields.length < 3) return undefined;
  return { marker, patterns: fields[0], type: fields[1], key: fields[2] };
}

/** Whether a comma-separated pattern list names the host: a negated match rules it out. */
function hostMatches(patterns: string, name: string): boolean {
  if (patterns.startsWith('|1|')) return hashedMatches(patterns, name);
  let matched = false;
  for (const pattern of patterns.split(',')) {
    const negated = pattern.startsWith('!');
    if (!globMatches(negated ? pattern.slice(1) : pattern, name)) continue;
    if (negated) return false;
    matched = true;
  }
  return matched;
}

function hashedMatches(hashed: string, name: string): boolean {
  const [, , salt, hash] = hashed.split('|');
  if (!salt || !hash) return false;
  return createHmac('sha1', Buffer.from(salt, 'base64')).update(name).digest('base64') === hash;
}

function globMatches(pattern: string, name: string): boolean {
  return wildcardRegExp(pattern.toLowerCase()).test(name);
}

/** A whole-string match for a pattern of ssh's wildcards: `*` any run of characters, `?` one. */
export function wildcardRegExp(pattern: string): RegExp {
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${source}$`);
}

/** The key's type and OpenSSH's fingerprint of it (`SHA256:...`), for messages. */
export function describeKey(blob: Buffer): { type: string; fingerprint: string } {
  const length = blob.length >= 4 ? blob.readUInt32BE(0) : 0;
  const type = length > 0 && length < 64 && blob.length >= 4 + length ? blob.subarray(4, 4 + length).toString('latin1') : 'unknown';
  return { type, fingerprint: `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}` };
}
