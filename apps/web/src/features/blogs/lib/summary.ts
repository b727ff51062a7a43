// A post's description for search results and link previews (its <meta name="description">): the
// opening words of its markdown as plain text, cut at a word near 155 characters, what search engines
// show. Markdown's marks (headings, emphasis, links' brackets and addresses, code ticks, quotes) go.
const LIMIT = 155;

export function blogSummary(markdown: string): string {
  const text = markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= LIMIT) return text;
  const cut = text.slice(0, LIMIT);
  const space = cut.lastIndexOf(' ');
  return `${(space > LIMIT / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}
