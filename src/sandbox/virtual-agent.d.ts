// The in-page agent as source text, built by the `iwr-agent` plugin in vite.config.ts.
declare module 'virtual:iwr-agent' {
  const source: string;
  export default source;
}
