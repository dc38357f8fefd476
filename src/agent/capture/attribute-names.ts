// Attribute names the image cannot hold. The clone is serialised as XML inside an SVG image,
// and HTML parsing keeps attribute names that XML forbids: TodoMVC's jQuery template writes
// `<li class="..." data-id="{{item.id}}"">`, whose stray quote the HTML parser turns into an
// attribute named `"`. Serialised as `"=""`, it made the whole SVG
// undecodable ("EncodingError: The source image cannot be decoded"), so the page could not be
// captured at all. Such attributes are dropped from the clone; they never change how it looks.
import type { CloneContext } from './boxes.ts';

/** An XML Name (XML 1.0 §2.3), less the joiners U+200C/D and the characters outside the Basic Multilingual Plane (dropping such a rare name costs nothing). */
const XML_NAME =
  /^[:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD][-.0-9:A-Z_a-z\u00B7\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u037D\u037F-\u1FFF\u203F\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]*$/;

export function isXmlName(name: string): boolean {
  return XML_NAME.test(name);
}

export function dropNonXmlAttributes(context: CloneContext): void {
  const root = context.clone as Element | null | undefined;
  if (!root) return;
  for (const el of [root, ...root.querySelectorAll('*')]) {
    const attrs = el.attributes;
    for (let i = attrs.length - 1; i >= 0; i--) {
      const name = attrs[i]!.name;
      if (!isXmlName(name)) el.removeAttribute(name);
    }
  }
}
