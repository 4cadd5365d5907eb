/**
 * A small XML writer: text and attribute values escaped, and characters XML 1.0 cannot carry (lone
 * surrogates, most C0 controls, U+FFFE/U+FFFF) replaced by U+FFFD rather than written as broken XML.
 */

// Characters outside XML 1.0's Char production, and UTF-16 surrogates without their pair.
const NOT_XML_CHAR =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding the control characters XML forbids is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe inside an element or a double-quoted attribute. */
export function escapeXml(value: string): string {
  return value.replace(NOT_XML_CHAR, '\uFFFD').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** An element's attributes; undefined values are left out. */
export type Attributes = Record<string, string | number | boolean | undefined>;

/** One node of the tree being written: an element with children, or its text. */
export type XmlNode = string | XmlElement | null | undefined | false;
export type XmlElement = { name: string; attributes?: Attributes; children: XmlNode[] };

/** An element; `children` are nodes or text (text is escaped when written). */
export function el(name: string, attributes: Attributes | null, ...children: (XmlNode | XmlNode[])[]): XmlElement {
  return { name, attributes: attributes ?? undefined, children: children.flat() };
}

/** An element holding text, or nothing when the text is absent or blank. */
export function textEl(name: string, text: string | number | undefined, attributes?: Attributes): XmlElement | null {
  if (text === undefined || String(text).trim() === '') return null;
  return { name, attributes, children: [String(text)] };
}

function attributesText(attributes: Attributes | undefined): string {
  if (!attributes) return '';
  return Object.entries(attributes)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');
}

/** The element as indented XML text. */
export function writeXml(root: XmlElement): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  const write = (node: XmlElement, depth: number) => {
    const pad = '  '.repeat(depth);
    const children = node.children.filter((c): c is string | XmlElement => Boolean(c) || c === '');
    const open = `${pad}<${node.name}${attributesText(node.attributes)}`;
    if (children.length === 0) out.push(`${open}/>\n`);
    else if (children.every((c) => typeof c === 'string'))
      out.push(`${open}>${children.map((c) => escapeXml(c as string)).join('')}</${node.name}>\n`);
    else {
      out.push(`${open}>\n`);
      for (const child of children)
        if (typeof child === 'string') out.push(`${pad}  ${escapeXml(child)}\n`);
        else write(child, depth + 1);
      out.push(`${pad}</${node.name}>\n`);
    }
  };
  write(root, 0);
  return out.join('');
}

// IETF RFC 5646 as the ERN 4.3 schema restricts it: lang[-script][-region][-variant].
const LANGUAGE_TAG = /^[a-zA-Z]{2,3}(-[a-zA-Z]+)?(-[a-zA-Z]{2}|-[0-9]{3})?(-[a-zA-Z][a-zA-Z0-9]{4}[a-zA-Z0-9]*)?$/;

/** The language tag when the schema accepts it, else undefined (left out, or the message's default). */
export function languageTag(value: string | undefined): string | undefined {
  const tag = value?.trim();
  return tag && LANGUAGE_TAG.test(tag) ? tag : undefined;
}
