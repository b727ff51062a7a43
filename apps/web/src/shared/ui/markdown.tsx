// Markdown from the database, rendered safely: react-markdown builds React elements from the syntax
// tree, raw HTML in the text is dropped (no rehype-raw, and skipHtml on), and link targets pass the
// library's URL filter, so no script from content can run. Only the blog routes import this module,
// so the markdown parser stays out of every other page's JavaScript.
import type { ReactNode } from 'react';
import Markdown, { type Components, type Options } from 'react-markdown';

interface HastNode {
  type: string;
  tagName?: string;
  children?: HastNode[];
}

const HEADING = /^h([1-6])$/;

/**
 * Re-levels the headings of a document so that its highest one becomes `base` and no level is
 * skipped: the page keeps its single h1 and a valid heading outline whatever the author wrote.
 */
function relevelHeadings(base: number) {
  return () => (tree: HastNode) => {
    const headings: HastNode[] = [];
    const walk = (node: HastNode) => {
      if (node.type === 'element' && node.tagName && HEADING.test(node.tagName)) headings.push(node);
      node.children?.forEach(walk);
    };
    walk(tree);
    if (headings.length === 0) return;
    const levelOf = (h: HastNode) => Number(HEADING.exec(h.tagName ?? '')?.[1] ?? 6);
    const top = Math.min(...headings.map(levelOf));
    let previous = base - 1;
    for (const h of headings) {
      const level = Math.min(Math.max(levelOf(h) - top + base, base), 6, previous + 1);
      h.tagName = `h${level}`;
      previous = level;
    }
  };
}

const asParagraph = ({ children }: { children?: ReactNode }) => <p className="font-semibold">{children}</p>;

// A preview sits inside a card whose title is the link: headings become bold lines, links plain text.
const previewComponents: Components = {
  h1: asParagraph,
  h2: asParagraph,
  h3: asParagraph,
  h4: asParagraph,
  h5: asParagraph,
  h6: asParagraph,
  a: ({ children }) => <span>{children}</span>,
};

const fullComponents: Components = {
  img: ({ src, alt }) => <img src={typeof src === 'string' ? src : undefined} alt={alt ?? ''} loading="lazy" decoding="async" />,
};

export interface MarkdownTextProps {
  children: string;
  /** "preview": a short excerpt in a card (no headings, links or images) */
  variant?: 'full' | 'preview';
  /** level given to the text's highest heading in "full" (default 2, under the page's h1) */
  headingBase?: number;
  className?: string;
}

export function MarkdownText({ children, variant = 'full', headingBase = 2, className = '' }: MarkdownTextProps) {
  const preview = variant === 'preview';
  const rehypePlugins: Options['rehypePlugins'] = preview ? [] : [relevelHeadings(headingBase)];
  return (
    <div className={`markdown ${className}`}>
      <Markdown
        skipHtml
        rehypePlugins={rehypePlugins}
        components={preview ? previewComponents : fullComponents}
        disallowedElements={preview ? ['img'] : undefined}
      >
        {children}
      </Markdown>
    </div>
  );
}
