import { defineMdastPlugin, type MdastNode, markdownToMdast } from 'satteri';

/**
 * Raw HTML in a content file's markdown: the site renders none of it, and the content check
 * names each piece by its line. A `<meta http-equiv="refresh">` sent visitors elsewhere, and the
 * content is written from the admin too; the shipped content needs no tag.
 */

/** For the site's markdown processor (Astro's `satteri({ mdastPlugins })`): every raw HTML node is dropped. */
export const withoutRawHtml = defineMdastPlugin({
  name: 'without-raw-html',
  html(node, context) {
    context.removeNode(node);
  },
});

export interface RawHtml {
  /** Counted from 1 in the markdown given. */
  line: number;
  html: string;
}

/** Each piece of raw HTML as the site's markdown parser sees it (not in code, not an autolink). */
export function rawHtmlIn(markdown: string): RawHtml[] {
  const found: RawHtml[] = [];
  const visit = (node: MdastNode) => {
    if (node.type === 'html') found.push({ line: node.position?.start.line ?? 1, html: node.value });
    if ('children' in node) for (const child of node.children as MdastNode[]) visit(child);
  };
  visit(markdownToMdast(markdown));
  return found;
}
