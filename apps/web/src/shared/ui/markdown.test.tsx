// Blog markdown is rendered on the server now (decision record 020): the HTML a visitor receives must
// hold no script, no raw HTML from the text and no javascript: link, whatever staff typed.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownText } from './markdown.tsx';

const hostile =
  '# Big heading\n\nHello <script>window.__pwned = 1; alert(1)</script>\n\n<img src="x" onerror="window.__pwned = 2; alert(2)">\n\n[click me](javascript:alert(3))\n\n**bold** text';

describe('markdown rendered on the server', () => {
  const html = renderToString(<MarkdownText>{hostile}</MarkdownText>);

  it('renders the markdown, its headings under the page heading', () => {
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toMatch(/<h2[^>]*>Big heading<\/h2>/);
  });

  it('drops raw HTML and script links', () => {
    expect(html).not.toMatch(/<script|<img|onerror|javascript:/i);
    expect(html).toContain('click me');
  });
});
