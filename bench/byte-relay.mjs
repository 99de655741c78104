// The least a bridge can be (issue 23): bytes from stdin to a unix socket and back to stdout, nothing
// parsed. bench/round-trip.ts puts it between a client and the bare SDK server to measure what one
// more process hop costs on this machine, the hop `tandem mcp` adds by design (DESIGN.md).
import { connect } from 'node:net';

const socket = connect(process.argv[2]);
process.stdin.pipe(socket);
socket.pipe(process.stdout);
process.stdin.on('end', () => socket.end());
socket.on('close', () => process.exit(0));
