#!/usr/bin/env bash
# TEST ONLY. "Another machine" on this one, for the remote-engine tests (issue 25):
#   scripts/remote-engine.sh up DIR      a network namespace with its own dockerd and sshd, reachable only from here
#   scripts/remote-engine.sh cut DIR [PORT]  kills the sshd processes serving live connections (all, or
#                                        the one from this machine's PORT); the listener stays
#   scripts/remote-engine.sh freeze DIR PORT  stops (SIGSTOP) the sshd processes serving the connection from
#                                        this machine's PORT: TCP stays up, SSH answers nothing, as when a
#                                        network drops packets silently; `cut DIR PORT` ends them
#   scripts/remote-engine.sh down DIR    removes everything `up` made, DIR included (idempotent)
# Needs root, iproute2, dockerd, OpenSSH (server and client) and ssh-agent. `up` writes DIR/env
# (sourceable KEY='value' lines) and DIR/READY once that env is valid.
#
# The namespace also has a mount namespace of its own where /tmp, /work, /home and /etc/docker are
# empty, so the remote engine cannot see this machine's project folders (a bind mount of a local
# folder fails there as it would on a real remote host); only DIR itself is shown to it again. And
# a hostname of its own (UTS namespace), so its engine has another Name and ID than the local one.
set -euo pipefail

usage() {
  echo "usage: $0 up DIR | $0 down DIR | $0 cut DIR [CLIENT_PORT] | $0 freeze DIR CLIENT_PORT" >&2
  exit 2
}
[ $# -eq 2 ] || { [ $# -eq 3 ] && { [ "$1" = cut ] || [ "$1" = freeze ]; }; } || usage
ACTION=$1
CLIENT_PORT=${3:-}
DIR=$(realpath -m -- "$2")
case "$DIR" in
  /|/tmp|/work|/home) echo "remote-engine: refusing DIR=$DIR (give a folder of its own)" >&2; exit 2 ;;
esac
# The paths end up in sshd_config, ssh config and DIR/env: keep them free of quoting trouble.
if [[ ! "$DIR" =~ ^[A-Za-z0-9._/+-]+$ ]]; then
  echo "remote-engine: DIR may hold only letters, digits and . _ / + - (got $DIR)" >&2
  exit 2
fi

# Names and addresses derived from DIR, so that two runs (two DIRs) never collide.
HASH=$(printf '%s' "$DIR" | sha256sum | cut -c1-8)
NETNS=tandem-remote-$HASH
VETH_HOST=tr-$HASH-h
VETH_REMOTE=tr-$HASH-r
SLOT=$(( 16#${HASH:0:4} % 16384 ))            # one of the /30 subnets of 10.213.0.0/16
NET_BASE="10.213.$(( SLOT / 64 )).$(( (SLOT % 64) * 4 ))"
HOST_ADDRESS="10.213.$(( SLOT / 64 )).$(( (SLOT % 64) * 4 + 1 ))"
REMOTE_ADDRESS="10.213.$(( SLOT / 64 )).$(( (SLOT % 64) * 4 + 2 ))"
REMOTE=$DIR/remote                             # the remote side's state: dockerd, sshd
ENGINE_SOCKET=$REMOTE/docker.sock
CLIENT_HOME=$DIR/home                          # the client side: a HOME for the tests
AGENT_SOCK=$DIR/agent.sock
# Folders the remote's mount namespace hides (this machine's project folders and engines live there).
HIDDEN_ROOTS=(/tmp /work /home)

say() { echo "remote-engine: $*"; }
fail() { echo "remote-engine: $*" >&2; exit 1; }
# The real OpenSSH client as the tests' HOME sees it.
client_ssh() { HOME=$CLIENT_HOME "$DIR/bin/ssh" -o BatchMode=yes "$@"; }
remote_docker() { docker -H "unix://$ENGINE_SOCKET" "$@"; }
in_netns() { ip netns exec "$NETNS" "$@"; }
netns_exists() { ip netns list 2>/dev/null | grep -qw -- "$NETNS"; }

# Waits up to $1 tenths of a second for the command that follows to succeed.
wait_for() {
  local tenths=$1; shift
  for _ in $(seq 1 "$tenths"); do "$@" >/dev/null 2>&1 && return 0; sleep 0.1; done
  return 1
}

# Runs inside the namespace (through unshare --mount): hides this machine's folders, shows DIR again,
# and starts dockerd and sshd, which keep the mount namespace alive. Called as a string with bash -c.
inside_namespace() {
  set -euo pipefail
  local dir=$1 name=$2 address=$3; shift 3
  cd "$dir"                                      # keeps hold of DIR while the tmpfs mounts cover it
  local root
  for root in "$@"; do [ -d "$root" ] && mount -t tmpfs -o mode=1777 tandem-remote-empty "$root"; done
  # Its own /etc/docker: dockerd 20.10 takes the engine's ID from /etc/docker/key.json, and a remote
  # machine does not share this one's.
  mount -t tmpfs -o mode=755 tandem-remote-etc-docker /etc/docker
  echo "$name" >/proc/sys/kernel/hostname        # this UTS namespace's hostname
  mkdir -p "$dir"
  mount --bind --no-canonicalize /proc/self/cwd "$dir"   # not canonicalized: the path itself is hidden now
  cd /
  # --ip-forward=false keeps the namespace's forwarding off: a container reaches its own networks and
  # their gateways (the remote host), never this machine.
  setsid dockerd --storage-driver=vfs --iptables=false --bridge=none --ip-forward=false \
    --data-root="$dir/remote/data" --exec-root="$dir/remote/exec" --pidfile="$dir/remote/docker.pid" \
    --host="unix://$dir/remote/docker.sock" \
    --tlsverify --tlscacert="$dir/remote/tls/ca.pem" --tlscert="$dir/remote/tls/server-cert.pem" --tlskey="$dir/remote/tls/server-key.pem" \
    --host="tcp://$address:2376" </dev/null >"$dir/remote/dockerd.log" 2>&1 &
  echo $! >"$dir/remote/dockerd.launched"
  /usr/sbin/sshd -f "$dir/remote/sshd_config" -E "$dir/remote/sshd.log"
}

write_sshd_config() {
  cat >"$REMOTE/sshd_config" <<EOF
# sshd of the remote-engine test harness (scripts/remote-engine.sh); written for this run.
ListenAddress $REMOTE_ADDRESS:22
# The same server on port 2222 with sshd's default GatewayPorts (no), for the test of a server that
# binds remote forwards to its loopback only (the Match block at the end).
ListenAddress $REMOTE_ADDRESS:2222
HostKey $REMOTE/ssh_host_ed25519_key
# A second host key, as most servers have several: a client that knows the host by this one must ask for it.
HostKey $REMOTE/ssh_host_ecdsa_key
PidFile $REMOTE/sshd.pid
AuthorizedKeysFile $REMOTE/authorized_keys
PermitRootLogin prohibit-password
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
AllowTcpForwarding yes
AllowStreamLocalForwarding yes
GatewayPorts clientspecified
# The Docker client runs \`docker system dial-stdio\` over SSH: it must reach this namespace's engine.
SetEnv DOCKER_HOST=unix://$ENGINE_SOCKET
LogLevel VERBOSE

Match LocalPort 2222
  GatewayPorts no
EOF
}

write_client_side() {
  mkdir -p "$CLIENT_HOME/.ssh"
  chmod 700 "$CLIENT_HOME/.ssh"
  ssh-keygen -q -t ed25519 -N '' -C "tandem-remote-client-$HASH" -f "$CLIENT_HOME/.ssh/id_ed25519"
  # The agent's key lives outside .ssh: a test logging in through the agent alone proves the agent works.
  ssh-keygen -q -t ed25519 -N '' -C "tandem-remote-agent-$HASH" -f "$DIR/agent_key"
  cat "$CLIENT_HOME/.ssh/id_ed25519.pub" "$DIR/agent_key.pub" >"$REMOTE/authorized_keys"
  echo "$REMOTE_ADDRESS $HOST_KEY" >"$CLIENT_HOME/.ssh/known_hosts"
  cat >"$CLIENT_HOME/.ssh/config" <<EOF
Host tandem-remote
  HostName $REMOTE_ADDRESS
  User root
  IdentityFile $CLIENT_HOME/.ssh/id_ed25519
  IdentitiesOnly yes
  UserKnownHostsFile $CLIENT_HOME/.ssh/known_hosts
  StrictHostKeyChecking yes

# The same machine with no key file: only the agent (SSH_AUTH_SOCK) can log in.
Host tandem-remote-agent
  HostName $REMOTE_ADDRESS
  User root
  UserKnownHostsFile $CLIENT_HOME/.ssh/known_hosts
  StrictHostKeyChecking yes
EOF
  # OpenSSH takes ~ from the password database, not from HOME: this wrapper makes the real ssh (and the
  # docker CLI, which runs `ssh`) read HOME/.ssh/config when its folder is first on PATH.
  mkdir -p "$DIR/bin"
  cat >"$DIR/bin/ssh" <<'EOF'
#!/bin/sh
exec /usr/bin/ssh -F "$HOME/.ssh/config" "$@"
EOF
  chmod 755 "$DIR/bin/ssh"
}

# A CA of the run's, the engine's TLS certificate for its address and a client certificate, as
# `dockerd --tlsverify` and DOCKER_CERT_PATH (ca.pem, cert.pem, key.pem) expect them.
write_tls() {
  local tls=$REMOTE/tls client=$DIR/tls
  mkdir -p "$tls" "$client"
  openssl req -x509 -new -nodes -newkey rsa:2048 -days 2 -subj "/CN=tandem-remote-ca-$HASH" -keyout "$tls/ca-key.pem" -out "$tls/ca.pem" 2>/dev/null
  sign() { # name subject extensions out-key out-cert
    openssl req -new -nodes -newkey rsa:2048 -subj "$2" -keyout "$4" -out "$tls/$1.csr" 2>/dev/null
    printf '%s\n' "$3" >"$tls/$1.ext"
    openssl x509 -req -in "$tls/$1.csr" -CA "$tls/ca.pem" -CAkey "$tls/ca-key.pem" -CAcreateserial -days 2 -extfile "$tls/$1.ext" -out "$5" 2>/dev/null
  }
  sign server "/CN=$REMOTE_ADDRESS" "subjectAltName=IP:$REMOTE_ADDRESS
extendedKeyUsage=serverAuth" "$tls/server-key.pem" "$tls/server-cert.pem"
  sign client "/CN=tandem-remote-client-$HASH" "extendedKeyUsage=clientAuth" "$client/key.pem" "$client/cert.pem"
  cp "$tls/ca.pem" "$client/ca.pem"
}

start_agent() {
  rm -f "$AGENT_SOCK"
  local out
  out=$(ssh-agent -a "$AGENT_SOCK" -s) || fail "ssh-agent did not start"
  [[ "$out" =~ SSH_AGENT_PID=([0-9]+) ]] || fail "ssh-agent gave no pid: $out"
  echo "${BASH_REMATCH[1]}" >"$DIR/agent.pid"
  SSH_AUTH_SOCK=$AGENT_SOCK ssh-add -q "$DIR/agent_key" || fail "ssh-add could not load the agent's key"
}

write_env() {
  cat >"$DIR/env.tmp" <<EOF
TANDEM_TEST_REMOTE_DIR='$DIR'
TANDEM_TEST_REMOTE_DOCKER_HOST='ssh://tandem-remote'
TANDEM_TEST_REMOTE_HOME='$CLIENT_HOME'
TANDEM_TEST_REMOTE_ADDRESS='$REMOTE_ADDRESS'
TANDEM_TEST_REMOTE_AGENT_SOCK='$AGENT_SOCK'
TANDEM_TEST_REMOTE_ENGINE='unix://$ENGINE_SOCKET'
TANDEM_TEST_REMOTE_NETNS='$NETNS'
TANDEM_TEST_REMOTE_HOST_KEY='$HOST_KEY'
TANDEM_TEST_REMOTE_BIN='$DIR/bin'
TANDEM_TEST_REMOTE_TCP_HOST='tcp://$REMOTE_ADDRESS:2376'
TANDEM_TEST_REMOTE_CERT_PATH='$DIR/tls'
EOF
  mv "$DIR/env.tmp" "$DIR/env"
}

# A short note for whoever finds DIR: what is where, and how to use it.
write_readme() {
  cat >"$DIR/README" <<EOF
Remote-engine test harness (scripts/remote-engine.sh up $DIR). Remove it with: scripts/remote-engine.sh down $DIR
- env: set -a; . $DIR/env; set +a   (TANDEM_TEST_REMOTE_*; read by src/main/domains/testenv/testing/remote-engine.ts)
- the remote: network namespace $NETNS at $REMOTE_ADDRESS (this machine's end: $HOST_ADDRESS); no route elsewhere,
  no forwarding; its own dockerd (unix://$ENGINE_SOCKET, for assertions) and sshd on $REMOTE_ADDRESS:22
  (GatewayPorts clientspecified, DOCKER_HOST set for sessions; log $REMOTE/sshd.log); on $REMOTE_ADDRESS:2222 the
  same sshd with GatewayPorts no.
  Its /tmp, /work, /home and /etc/docker are empty: it cannot see this machine's project folders.
- client side: HOME=$CLIENT_HOME (.ssh/config: Host tandem-remote with a key, Host tandem-remote-agent with none;
  .ssh/known_hosts holds the run's ed25519 host key; its ECDSA one is $REMOTE/ssh_host_ecdsa_key.pub). OpenSSH takes ~ from /etc/passwd, not HOME: put $DIR/bin first on
  PATH (its ssh adds -F \$HOME/.ssh/config), e.g. HOME=$CLIENT_HOME PATH=$DIR/bin:\$PATH docker -H ssh://tandem-remote info
- agent: SSH_AUTH_SOCK=$AGENT_SOCK holds a second authorized key (not in .ssh)
- cut live SSH connections (the listener stays): scripts/remote-engine.sh cut $DIR; freeze one (SIGSTOP its sshd): scripts/remote-engine.sh freeze $DIR PORT
EOF
}

up() {
  [ "$(id -u)" -eq 0 ] || fail "up needs root (network namespaces, dockerd)"
  local tool
  for tool in ip dockerd docker /usr/sbin/sshd /usr/bin/ssh ssh-keygen ssh-agent ssh-add unshare openssl; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool is missing (apt-get install iproute2 docker.io openssh-server openssh-client util-linux)"
  done
  netns_exists && fail "already up at $DIR (network namespace $NETNS); run: $0 down $DIR"
  [ -e "$DIR/env" ] && fail "$DIR holds a harness's env already; run: $0 down $DIR"
  [ ! -d "$DIR" ] || [ -z "$(ls -A "$DIR")" ] || fail "$DIR is not empty (down removes DIR: give a new or empty folder)"
  [ -z "$(ip -4 -o addr show to "$NET_BASE/30")" ] || fail "$NET_BASE/30 is in use on this machine already"

  say "up at $DIR: namespace $NETNS, this machine $HOST_ADDRESS, remote $REMOTE_ADDRESS"
  mkdir -p "$REMOTE"
  chmod 755 "$DIR"
  # From here on, a failure tears down what was made.
  trap 'if [ $? -ne 0 ]; then echo "remote-engine: up failed; tearing down" >&2; down >/dev/null 2>&1 || true; fi' EXIT

  ip netns add "$NETNS"
  in_netns ip link set lo up
  ip link add "$VETH_HOST" type veth peer name "$VETH_REMOTE"
  ip link set "$VETH_REMOTE" netns "$NETNS"
  ip addr add "$HOST_ADDRESS/30" dev "$VETH_HOST"
  ip link set "$VETH_HOST" up
  in_netns ip addr add "$REMOTE_ADDRESS/30" dev "$VETH_REMOTE"
  in_netns ip link set "$VETH_REMOTE" up
  # No default route: the namespace reaches this machine's end of the pair and nothing else. And no
  # forwarding (a new namespace copies this machine's setting): its containers do not reach even that.
  in_netns sh -c 'echo 0 >/proc/sys/net/ipv4/ip_forward; [ ! -e /proc/sys/net/ipv6/conf/all/forwarding ] || echo 0 >/proc/sys/net/ipv6/conf/all/forwarding'

  ssh-keygen -q -t ed25519 -N '' -C "tandem-remote-host-$HASH" -f "$REMOTE/ssh_host_ed25519_key"
  ssh-keygen -q -t ecdsa -b 256 -N '' -C "tandem-remote-host-$HASH" -f "$REMOTE/ssh_host_ecdsa_key"
  HOST_KEY=$(cut -d' ' -f1-2 "$REMOTE/ssh_host_ed25519_key.pub")
  write_sshd_config
  write_client_side
  write_tls
  mkdir -p /run/sshd                             # Debian's sshd insists on its privilege-separation folder

  # nsenter rather than `ip netns exec`: the latter mounts a new /sys, which hides the cgroup
  # hierarchies dockerd needs ("Devices cgroup isn't mounted").
  mkdir -p /etc/docker                           # (covered by an empty one inside)
  nsenter --net="/run/netns/$NETNS" unshare --mount --uts --propagation private \
    bash -c "$(declare -f inside_namespace); inside_namespace \"\$@\"" inside "$DIR" "$NETNS" "$REMOTE_ADDRESS" "${HIDDEN_ROOTS[@]}" \
    || fail "the namespace's dockerd or sshd did not start (see $REMOTE/sshd.log, $REMOTE/dockerd.log)"
  wait_for 600 engine_settled
  remote_docker version >/dev/null 2>&1 || { tail -20 "$REMOTE/dockerd.log" >&2; fail "the namespace's dockerd did not answer on $ENGINE_SOCKET"; }
  start_agent
  wait_for 100 client_ssh -o ConnectTimeout=2 tandem-remote true \
    || { client_ssh tandem-remote true || true; tail -20 "$REMOTE/sshd.log" >&2; fail "ssh to $REMOTE_ADDRESS did not log in"; }
  trap - EXIT
  write_env
  write_readme
  date -u +%FT%TZ >"$DIR/READY"
  say "ready: . $DIR/env (docker -H ssh://tandem-remote with HOME=$CLIENT_HOME and PATH=$DIR/bin:\$PATH)"
}

# Whether the namespace's dockerd answers or has died (so that a failed start is seen at once).
engine_settled() {
  remote_docker version >/dev/null 2>&1 || ended "$(cat "$REMOTE/dockerd.launched")"
}

# The pids of the processes in the namespace (dockerd, containerd, its shims, sshd and its sessions).
netns_pids() { ip netns pids "$NETNS" 2>/dev/null || true; }

# The pids whose parent is $1 (read from /proc: procps may be missing on a bare box).
children_of() {
  local entry stat fields
  for entry in /proc/[0-9]*; do
    read -r stat <"$entry/stat" 2>/dev/null || continue
    read -r -a fields <<<"${stat##*) }"          # after the command name: state, ppid, ...
    [ "${fields[1]}" = "$1" ] && echo "${entry#/proc/}"
  done
  return 0
}

# Kills a process and everything below it.
kill_tree() {
  local signal=$1 pid=$2 child
  for child in $(children_of "$pid"); do kill_tree "$signal" "$child"; done
  kill "-$signal" "$pid" 2>/dev/null || true
}

# Signals a pid read from a file and waits up to 10 s for it to end, then kills it outright.
stop_pidfile() {
  local file=$1 pid
  [ -s "$file" ] || return 0
  pid=$(cat "$file")
  running "$pid" || return 0
  kill "$pid" 2>/dev/null || true
  wait_for 100 ended "$pid" || kill -9 "$pid" 2>/dev/null || true
}

# Whether a process runs; a zombie does not (an init that is slow to reap leaves them about).
running() {
  local stat state
  read -r stat <"/proc/$1/stat" 2>/dev/null || return 1
  state=${stat##*) }
  [ "${state:0:1}" != Z ]
}
ended() { ! running "$1"; }

# The processes of this engine's containers that outlived it (a dockerd that died or hung before
# removing them): they run in namespaces of their own, but their cgroup names their container's id.
kill_orphaned_containers() {
  local ids entry
  ids=$(ls "$REMOTE/data/containers" 2>/dev/null || true)
  [ -n "$ids" ] || return 0
  for entry in /proc/[0-9]*; do
    grep -qF "$ids" "$entry/cgroup" 2>/dev/null && kill -9 "${entry#/proc/}" 2>/dev/null
  done
  return 0
}

down() {
  # DIR goes at the end: refuse a folder that holds something, but nothing of a harness.
  if [ -d "$DIR" ] && [ -n "$(ls -A "$DIR")" ] && [ ! -e "$REMOTE" ] && [ ! -e "$DIR/env" ]; then
    fail "$DIR is not a harness's folder (no remote/ nor env in it): not removing it"
  fi
  if [ -S "$ENGINE_SOCKET" ]; then
    local ids
    ids=$(remote_docker ps -aq 2>/dev/null || true)
    [ -n "$ids" ] && { echo "$ids" | xargs -r docker -H "unix://$ENGINE_SOCKET" rm -f >/dev/null 2>&1 || true; }
  fi
  stop_pidfile "$REMOTE/docker.pid"
  kill_orphaned_containers
  stop_pidfile "$REMOTE/sshd.pid"
  stop_pidfile "$DIR/agent.pid"
  # Whatever still runs in the namespace (ssh sessions, a containerd shim) goes too.
  local pid
  for pid in $(netns_pids); do kill -9 "$pid" 2>/dev/null || true; done
  ip link del "$VETH_HOST" 2>/dev/null || true
  if netns_exists; then ip netns del "$NETNS" || fail "could not delete the network namespace $NETNS"; fi
  rm -rf "$DIR"
  say "down: $DIR removed, namespace $NETNS gone"
}

# Kills the sshd processes serving live connections: all of them, or only the one from this
# machine's port $1 (the second field of $SSH_CONNECTION in that session), so that a test cutting its
# own connection leaves those of tests running beside it alone.
cut_connections() {
  local listener pid count=0 pids
  listener=$(sshd_listener)
  if [ -n "${1:-}" ]; then
    pids=$(connection_pids "$1")
  else
    pids=$(children_of "$listener")
  fi
  for pid in $pids; do [ "$pid" != "$listener" ] && { kill_tree KILL "$pid"; count=$((count + 1)); }; done
  say "cut $count connection(s); the listener ($listener) still accepts"
}

# Stops the sshd processes serving the connection from this machine's port $1: the kernel keeps the
# TCP connection up, but nothing answers on it (what a network that drops packets looks like).
freeze_connection() {
  local pid pids
  [ -n "${1:-}" ] || fail "freeze needs the client port"
  sshd_listener >/dev/null
  pids=$(connection_pids "$1")
  for pid in $pids; do kill -STOP "$pid"; done
  say "froze the connection from port $1 (sshd $(echo $pids)); cut $DIR $1 ends it"
}

# The running sshd listener's pid.
sshd_listener() {
  [ -s "$REMOTE/sshd.pid" ] || fail "no sshd at $DIR (is it up?)"
  local listener
  listener=$(cat "$REMOTE/sshd.pid")
  running "$listener" || fail "the sshd listener ($listener) is not running"
  echo "$listener"
}

# The pids of the sshd processes holding the connection from this machine's port $1 (established, or
# closed by the client only: a frozen sshd never closes its end).
connection_pids() {
  [[ "$1" =~ ^[0-9]+$ ]] || fail "the client port must be a number (got $1)"
  local pids
  pids=$(in_netns ss -tnpH state established state close-wait "( sport = :22 and dport = :$1 )" | grep -o 'pid=[0-9]*' | cut -d= -f2 | sort -u || true)
  [ -n "$pids" ] || fail "no SSH connection from port $1"
  echo "$pids"
}

case "$ACTION" in
  up) up ;;
  down) down ;;
  cut) cut_connections "$CLIENT_PORT" ;;
  freeze) freeze_connection "$CLIENT_PORT" ;;
  *) usage ;;
esac
