// The preload API (window.tandem) arrives with the studio window (issue 3). Sandboxed, it exposes
// nothing yet.
export {};
