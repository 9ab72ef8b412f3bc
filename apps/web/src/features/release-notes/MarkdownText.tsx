import { TypographyStylesProvider } from "@mantine/core";
import Markdown, { type Components } from "react-markdown";

// A note's links leave the app in a new tab, and tell the target nothing of where they came from.
const COMPONENTS: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
  // The note's own headings sit under its title (an h2): they start at h3.
  h1: ({ node: _node, ...props }) => <h3 {...props} />,
  h2: ({ node: _node, ...props }) => <h4 {...props} />,
};

/** Only these URL schemes become links or images; anything else (javascript:, data:) is dropped. */
const SAFE_URL = /^(https?:|mailto:|\/|#)/i;

/**
 * Markdown as the readers of release notes see it, rendered safely: no HTML of the text is ever
 * rendered (react-markdown builds elements, never innerHTML, and skips raw HTML), and links and
 * images keep only web, mail and in-app addresses.
 */
export function MarkdownText({ children }: { children: string }) {
  return (
    <TypographyStylesProvider fz="sm">
      <Markdown components={COMPONENTS} skipHtml urlTransform={(url) => (SAFE_URL.test(url.trim()) ? url : "")}>
        {children}
      </Markdown>
    </TypographyStylesProvider>
  );
}
