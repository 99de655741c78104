// Electron host of the studio core: filled in with the studio window (issue 3).
export {};
