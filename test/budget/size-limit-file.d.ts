// @size-limit/file ships no types; the plugin is only handed to size-limit.
declare module '@size-limit/file' {
  const plugin: (...args: never[]) => unknown;
  export default plugin;
}
