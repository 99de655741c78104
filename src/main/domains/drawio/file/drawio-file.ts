/**
 * `.drawio` files: the records of a drawio document to and from draw.io's mxfile XML. Both are
 * pure functions of their input (text -> records, records -> text), with no access to the studio,
 * so they can run off the core's event loop.
 *
 * drawio-read.ts reads (files made here or by diagrams.net, with limits on size and cell count),
 * drawio-write.ts writes (files diagrams.net opens, with what the studio does not model kept),
 * drawio-cells.ts and drawio-style.ts hold the vocabulary both share.
 */
export { DEFAULT_READ_LIMITS, readDrawioFile, type ReadLimits } from './drawio-read';
export { writeDrawioFile } from './drawio-write';
