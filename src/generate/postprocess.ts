// What is done to a model's answer before it becomes a candidate (IWR-SPEC "Generation",
// post-processing). One difference from the official harness, on purpose: the asset
// placeholder prefix is KEPT. The official harness swaps it for a folder on disk; our sandbox
// (src/sandbox) resolves `__PLACEHOLDER_ASSETS_BASE_DIR__/<name>` itself when it loads the
// page, so the saved candidate stays portable between sources and machines.

/** The first ```html fenced block, if the reply holds one. */
export function firstHtmlBlock(reply: string): string | null {
  const m = /```html[^\S\n]*\r?\n?([\s\S]*?)```/i.exec(reply);
  return m ? (m[1] ?? '') : null;
}

/** Deletes every <iframe> element, open-close pairs and lone (unclosed or self-closed) tags. */
export function removeIframes(html: string): string {
  return html.replace(/<iframe\b[\s\S]*?<\/iframe\s*>/gi, '').replace(/<iframe\b[^>]*>/gi, '');
}

/** Removes fence markers the model left in (e.g. an unclosed ```html at the top). */
export function stripFences(html: string): string {
  return html.replace(/```[a-zA-Z]*/g, '');
}

export interface Postprocessed {
  html: string;
  /** Whether a fenced html block was found; false means the whole reply was used. */
  fenced: boolean;
  iframesRemoved: number;
}

export function postprocessReply(reply: string): Postprocessed {
  const block = firstHtmlBlock(reply);
  const body = block ?? reply;
  const iframesRemoved = (body.match(/<iframe\b/gi) ?? []).length;
  const html = stripFences(removeIframes(body)).trim();
  return { html, fenced: block !== null, iframesRemoved };
}
