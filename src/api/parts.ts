// Side-effect imports: each file calls registerApi() with its capability's entry points.
// Add one line per capability file.
export {};
