// The samples' gallery thumbnails made at build time (scripts/build/samples-files.mjs):
// task id -> path of the JPEG under the app root.
declare module 'virtual:iwr-sample-thumbs' {
  const thumbs: Record<string, string>;
  export default thumbs;
}
