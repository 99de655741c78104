/** Vite's `?url` imports: the built file's URL (here, the SoundFont synth's AudioWorklet processor). */
declare module '*?url' {
  const url: string;
  export default url;
}
