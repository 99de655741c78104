/** A client's path once the studio has resolved it inside the workspace. */
export interface ResolvedPath {
  /** Absolute path on disk, inside the workspace. */
  abs: string;
  /** Path relative to the workspace, as shown to clients. */
  rel: string;
}
